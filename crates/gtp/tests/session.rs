//! Hand-written GTP sessions through `miai_gtp::run`, bytes in and bytes
//! out, as a client sees them.

use std::path::PathBuf;
use std::sync::Arc;

use miai_goban::{Color, Graph, Position, Rules, VertexSet};
use miai_gtp::{Config, Engine, run};
use miai_search::Limits;
use proptest::prelude::*;

/// The whole output of a session fed `input`.
fn session(input: &str) -> String {
    session_with(Config::default(), input)
}

fn session_with(config: Config, input: &str) -> String {
    let mut e = Engine::new(config);
    let mut out = Vec::new();
    run(&mut e, &mut input.as_bytes(), &mut out).expect("in-memory io");
    String::from_utf8(out).expect("responses are UTF-8")
}

/// The responses of a session, each without its terminating empty line.
fn responses(input: &str) -> Vec<String> {
    let out = session(input);
    assert!(out.ends_with("\n\n") || out.is_empty(), "{out:?}");
    out.split_terminator("\n\n").map(str::to_string).collect()
}

fn data(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(path)
}

#[test]
fn ids_are_echoed_and_comments_blank_lines_and_cr_are_ignored() {
    let r = responses(
        "# a comment line\n\n   \t \r\n1 protocol_version\r\n2\tname # trailing comment\nversion\n\
         77\n10 no_such_command\n",
    );
    assert_eq!(r[0], "=1 2");
    assert_eq!(r[1], "=2 miai");
    assert_eq!(r[2], format!("= {}", env!("CARGO_PKG_VERSION")));
    assert_eq!(r[3], "?77 syntax error: an id with no command");
    assert_eq!(r[4], "?10 unknown command");
    assert_eq!(r.len(), 5);
}

#[test]
fn known_command_and_list_commands_agree() {
    let r = responses("list_commands\nknown_command play\nknown_command fly\nknown_command\n");
    let listed: Vec<&str> = r[0].trim_start_matches("= ").lines().collect();
    for name in [
        "protocol_version",
        "name",
        "version",
        "known_command",
        "list_commands",
        "quit",
        "boardsize",
        "clear_board",
        "komi",
        "play",
        "genmove",
        "undo",
        "showboard",
        "final_score",
        "loadsgf",
        "gogui-analyze_commands",
        "miai-tsumego",
        "miai-semeai",
        "miai-graphgo_score",
    ] {
        assert!(listed.contains(&name), "{name} not listed");
    }
    assert_eq!(r[1], "= true");
    assert_eq!(r[2], "= false");
    assert!(r[3].starts_with("? syntax error"), "{}", r[3]);
    // Every listed command is known.
    let mut input = String::new();
    for name in &listed {
        input.push_str(&format!("known_command {name}\n"));
    }
    assert!(responses(&input).iter().all(|a| a == "= true"));
}

#[test]
fn quit_answers_then_ends_the_session() {
    let r = responses("5 quit\nname\n");
    assert_eq!(r, ["=5 "]);
}

#[test]
fn board_commands_check_their_arguments() {
    let r = responses(
        "boardsize 1\nboardsize 26\nboardsize x\nboardsize 9\nkomi 6.3\nkomi abc\nkomi -0.5\n\
         play b\nplay red e5\nplay b z9\nplay b cc\nplay b e5\nplay w e5\nundo x\n",
    );
    assert!(r[0].starts_with("? unacceptable size"), "{}", r[0]);
    assert!(r[1].starts_with("? unacceptable size"), "{}", r[1]);
    assert!(r[2].starts_with("? syntax error"), "{}", r[2]);
    assert_eq!(r[3], "= ");
    assert!(r[4].starts_with("? syntax error"), "{}", r[4]);
    assert!(r[5].starts_with("? syntax error"), "{}", r[5]);
    assert_eq!(r[6], "= ");
    for a in &r[7..11] {
        assert!(a.starts_with("? syntax error"), "{a}");
    }
    assert_eq!(r[11], "= ");
    assert!(r[12].starts_with("? illegal move"), "{}", r[12]);
    assert!(r[13].starts_with("? syntax error"), "{}", r[13]);
}

#[test]
fn play_captures_undo_restores_and_the_ko_is_refused() {
    // A ko on a 5x5 board: White captures at C3... set up with plays.
    let moves = [
        ("b", "B3"),
        ("w", "C3"),
        ("b", "C4"),
        ("w", "D4"),
        ("b", "C2"),
        ("w", "D2"),
        ("b", "A1"),
        ("w", "E3"),
        // Black takes the ko at D3, capturing C3.
        ("b", "D3"),
    ];
    let mut input = String::from("boardsize 5\n");
    for (c, v) in moves {
        input.push_str(&format!("play {c} {v}\n"));
    }
    input.push_str("list_stones white\nplay w C3\nundo\nlist_stones white\nundo\nundo\n");
    let r = responses(&input);
    assert!(r[1..10].iter().all(|a| a == "= "), "{r:?}");
    assert_eq!(r[10], "= D4 E3 D2", "C3 is captured");
    assert!(r[11].starts_with("? illegal move"), "the ko: {}", r[11]);
    assert_eq!(r[12], "= ");
    assert_eq!(r[13], "= D4 C3 E3 D2", "undo gives C3 back");
    assert_eq!(r[14], "= ");
    assert_eq!(r[15], "= ");
    // Undo to the start, then once more.
    let r = responses("boardsize 5\nplay b a1\nundo\nundo\n");
    assert_eq!(r[2], "= ");
    assert_eq!(r[3], "? cannot undo");
}

#[test]
fn showboard_draws_the_stones_where_gtp_names_them() {
    let r = responses("boardsize 3\nplay b A1\nplay w c3\nshowboard\n");
    let board = &r[3];
    let lines: Vec<&str> = board.lines().collect();
    assert_eq!(lines[0], "= ", "the board starts on its own line");
    assert_eq!(lines[1].trim(), "A B C");
    assert_eq!(
        lines[2].split_whitespace().collect::<Vec<_>>(),
        ["3", ".", ".", "O", "3"]
    );
    assert_eq!(
        lines[4].split_whitespace().collect::<Vec<_>>(),
        ["1", "X", ".", ".", "1"]
    );
}

/// An independent area count: stones plus empty regions reaching one
/// colour only, flood-filled here on the grid coordinates.
fn area_count(size: usize, black: &[(usize, usize)], white: &[(usize, usize)]) -> (u32, u32) {
    let mut cell = vec![vec![0u8; size]; size];
    for &(x, y) in black {
        cell[y][x] = 1;
    }
    for &(x, y) in white {
        cell[y][x] = 2;
    }
    let mut pts = [0u32; 3];
    let mut seen = vec![vec![false; size]; size];
    for y in 0..size {
        for x in 0..size {
            if cell[y][x] != 0 {
                pts[cell[y][x] as usize] += 1;
                continue;
            }
            if seen[y][x] {
                continue;
            }
            let mut stack = vec![(x, y)];
            seen[y][x] = true;
            let mut n = 0;
            let mut reach = [false; 3];
            while let Some((a, b)) = stack.pop() {
                n += 1;
                let mut nb = Vec::new();
                if a > 0 {
                    nb.push((a - 1, b));
                }
                if b > 0 {
                    nb.push((a, b - 1));
                }
                if a + 1 < size {
                    nb.push((a + 1, b));
                }
                if b + 1 < size {
                    nb.push((a, b + 1));
                }
                for (p, q) in nb {
                    match cell[q][p] {
                        0 if !seen[q][p] => {
                            seen[q][p] = true;
                            stack.push((p, q));
                        }
                        0 => {}
                        c => reach[c as usize] = true,
                    }
                }
            }
            match (reach[1], reach[2]) {
                (true, false) => pts[1] += n,
                (false, true) => pts[2] += n,
                _ => {}
            }
        }
    }
    (pts[1], pts[2])
}

#[test]
fn final_score_is_the_area_count_with_komi() {
    // Black walls off the left of a 5x5 board, White the right.
    let black = [(1, 0), (1, 1), (1, 2), (1, 3), (1, 4), (0, 2)];
    let white = [(3, 0), (3, 1), (3, 2), (3, 3), (3, 4)];
    let name = |(x, y): (usize, usize)| format!("{}{}", (b'A' + x as u8) as char, 5 - y);
    for komi in ["0", "0.5", "7.5", "-3"] {
        let mut input = format!("boardsize 5\nkomi {komi}\n");
        for &p in &black {
            input.push_str(&format!("play b {}\n", name(p)));
        }
        for &p in &white {
            input.push_str(&format!("play w {}\n", name(p)));
        }
        input.push_str("final_score\n");
        let r = responses(&input);
        let (b, w) = area_count(5, &black, &white);
        let margin = f64::from(b) - f64::from(w) - komi.parse::<f64>().unwrap();
        let expect = if margin > 0.0 {
            format!("= B+{margin}")
        } else if margin < 0.0 {
            format!("= W+{}", -margin)
        } else {
            "= 0".into()
        };
        assert_eq!(r.last().unwrap(), &expect, "komi {komi}");
    }
}

#[test]
fn loadsgf_stops_before_the_move_number_and_answers_the_player_to_move() {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    let path = dir.join("game.sgf");
    std::fs::write(&path, "(;GM[1]FF[4]SZ[9]KM[5.5]AB[aa];W[bb];B[cc];W[dd])").unwrap();
    let p = path.display();
    let r = responses(&format!(
        "loadsgf {p}\nlist_stones white\nloadsgf {p} 3\nlist_stones white\nlist_stones black\n\
         undo\nlist_stones white\nundo\nundo\nloadsgf {p} 1\nlist_stones black\n\
         loadsgf {p}.missing\nloadsgf {p} x\n",
    ));
    assert_eq!(r[0], "= black");
    assert_eq!(r[1], "= B8 D6");
    // Before move 3 (W dd): W bb and B cc played, White to move.
    assert_eq!(r[2], "= white");
    assert_eq!(r[3], "= B8");
    assert_eq!(r[4], "= A9 C7");
    assert_eq!(r[5], "= ");
    assert_eq!(r[6], "= B8");
    assert_eq!(r[7], "= ");
    assert_eq!(r[8], "? cannot undo", "the setup is the start");
    assert_eq!(r[9], "= black");
    assert_eq!(r[10], "= A9");
    assert!(r[11].starts_with("? cannot load file"), "{}", r[11]);
    assert!(r[12].starts_with("? syntax error"), "{}", r[12]);
}

#[test]
fn gogui_analyze_commands_name_known_commands_in_type_label_command_form() {
    let r = responses("gogui-analyze_commands\n");
    let body = r[0].trim_start_matches("= ");
    let lines: Vec<&str> = body.lines().collect();
    assert!(lines.len() >= 3);
    let known: Vec<&str> = Engine::commands().collect();
    for l in lines {
        let parts: Vec<&str> = l.splitn(3, '/').collect();
        assert_eq!(parts.len(), 3, "{l}");
        assert!(["gfx", "string", "none"].contains(&parts[0]), "{l}");
        let name = parts[2].split(' ').next().unwrap();
        assert!(known.contains(&name), "{l}: {name} is not a command");
    }
    for cmd in ["miai-tsumego", "miai-semeai", "miai-graphgo_score"] {
        assert!(body.contains(cmd), "{cmd} missing");
    }
}

/// The status word after `TEXT` in a `miai-tsumego` answer.
fn status_word(answer: &str) -> &str {
    answer
        .trim_start_matches('=')
        .trim_start()
        .strip_prefix("TEXT ")
        .and_then(|t| t.split_whitespace().next())
        .unwrap_or_else(|| panic!("no TEXT line: {answer}"))
}

#[test]
fn tsumego_at_a_point_is_the_solver_on_the_same_problem() {
    // Cho elementary problem 1: Black to play kills the White group.
    let setup_moves = "boardsize 19\nplay b E18\nplay b F18\nplay b B17\nplay b C17\nplay b D17\n\
        play b B15\nplay w D19\nplay w A18\nplay w B18\nplay w C18\nplay w D18\n";
    let r = responses(&format!(
        "{setup_moves}play w A1\nundo\nmiai-tsumego C18 b\nmiai-tsumego C18 w superko\nmiai-tsumego E10\n\
         miai-tsumego C18 C18\nmiai-tsumego C18 chinese\n"
    ));
    let n = 14;
    // Independently: the library on the same position.
    let graph = Arc::new(Graph::grid(19, 19).unwrap());
    let mut setup = miai_goban::Setup::empty(graph.clone());
    for (c, pts) in [
        (
            Color::Black,
            ["E18", "F18", "B17", "C17", "D17", "B15"].as_slice(),
        ),
        (Color::White, ["D19", "A18", "B18", "C18", "D18"].as_slice()),
    ] {
        for p in pts {
            setup.stones[graph.parse_vertex(p).unwrap().index()] = Some(c);
        }
    }
    for (i, (first, regime)) in [
        (Color::Black, miai_tsumego::Regime::SEED),
        (Color::White, miai_tsumego::Regime::Superko),
    ]
    .into_iter()
    .enumerate()
    {
        let mut s = setup.clone();
        s.to_move = first;
        let mut spec = miai_tsumego::ProblemSpec::new(s);
        // The group is open: the frame round the defender's stones.
        spec.attacker = Some(Color::Black);
        let problem = miai_tsumego::Problem::new(spec).unwrap();
        let a = miai_tsumego::analyse(
            &problem,
            problem.side_of(first),
            &miai_tsumego::Options {
                regime,
                limits: miai_gtp::DEFAULTS.tsumego,
                ..Default::default()
            },
            None,
            None,
        );
        assert!(a.status.is_proven());
        let answer = &r[n + i];
        assert_eq!(status_word(answer), a.status.word(), "{answer}");
        let best = miai_tsumego::report::move_name(&problem, a.pv[0]);
        assert!(answer.contains(&format!("best {best};")), "{answer}");
        assert!(answer.contains("\nVAR "), "{answer}");
    }
    assert!(r[n + 2].starts_with("? no stone at E10"), "{}", r[n + 2]);
    assert!(r[n + 3].starts_with("? syntax error"), "{}", r[n + 3]);
    assert!(r[n + 4].starts_with("? syntax error"), "{}", r[n + 4]);
}

#[test]
fn a_loaded_problem_file_is_analysed_with_its_headers_until_the_board_changes() {
    let path = data("crates/tsumego/tests/data/seed003/01a_ko_just_taken.txt");
    let p = path.display();
    let r = responses(&format!(
        "miai-tsumego\nmiai-loadproblem {p}\nmiai-tsumego\nplay b K10\nmiai-tsumego\nundo\nmiai-tsumego\n\
         miai-loadproblem /no/such/file.txt\n"
    ));
    assert!(r[0].starts_with("? give a vertex"), "{}", r[0]);
    assert_eq!(r[1], "= black");
    // The file's expectation: attacker (Black) first, a ko.
    let f = miai_tsumego::problem::file::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let stated = f.stated("expect").unwrap().unwrap();
    let expect = stated.get(miai_tsumego::Side::Attacker).unwrap();
    assert_eq!(status_word(&r[2]), expect, "{}", r[2]);
    assert!(r[4].starts_with("? the board has changed"), "{}", r[4]);
    assert_eq!(status_word(&r[6]), expect);
    assert!(r[7].starts_with("? cannot load file"), "{}", r[7]);
}

#[test]
fn semeai_needs_two_chains_of_two_colours_and_answers_with_the_search() {
    // Each racing chain (columns C and D) has one liberty in its own
    // corner (B6, E6) behind safe stones: whoever plays first captures.
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    let path = dir.join("race.sgf");
    //   A B C D E F
    // 6 . . X O . .
    // 5 O O X O X X   (rows 4, 3, 2 the same)
    // 1 . O X O X .
    std::fs::write(
        &path,
        "(;GM[1]FF[4]SZ[6]AB[ca][cb][cc][cd][ce][cf][eb][ec][ed][ee][fb][fc][fd][fe][ef]\
         AW[da][db][dc][dd][de][df][ab][ac][ad][ae][bb][bc][bd][be][bf])",
    )
    .unwrap();
    let p = path.display();
    let r = responses(&format!(
        "loadsgf {p}\nmiai-semeai C6 D6\nmiai-semeai C6\nmiai-semeai C6 E5\nmiai-semeai C6 A1\n"
    ));
    assert_eq!(r[0], "= black");
    let a = &r[1];
    assert!(a.starts_with("= TEXT proven search:"), "{a}");
    // Whoever plays first captures: both have two liberties.
    assert!(
        a.contains("Black first Black captures, White first White captures"),
        "{a}"
    );
    assert!(r[2].starts_with("? syntax error"), "{}", r[2]);
    assert!(r[3].contains("are both Black"), "{}", r[3]);
    assert!(r[4].starts_with("? point at two stones"), "{}", r[4]);
}

#[test]
fn graphgo_score_and_genmove_use_the_exact_solver_on_small_boards() {
    // 3x3: Black first owns the whole board (seed 001's small case, solved
    // here by the library directly as the cross-check).
    let board = miai_graphgo::Board::new(Arc::new(Graph::grid(3, 3).unwrap())).unwrap();
    let sol = miai_graphgo::solver::solve(
        &board,
        miai_graphgo::Stones::EMPTY,
        Color::Black,
        &Default::default(),
        None,
        &mut |_| {},
    );
    let r = responses(
        "boardsize 3\nkomi 0\nmiai-graphgo_score\ngenmove b\nboardsize 9\nmiai-graphgo_score\n",
    );
    let score = sol.score.unwrap();
    assert!(
        r[2].starts_with(&format!("= {score} (Black's area")),
        "{}",
        r[2]
    );
    assert!(r[2].contains(&format!("B+{score}")), "{}", r[2]);
    let miai_graphgo::solver::Move::Play(i) = sol.pv[0] else {
        panic!("the solver passes on an empty 3x3 board")
    };
    let name = Graph::grid(3, 3)
        .unwrap()
        .vertex_name(miai_goban::Vertex::new(i).unwrap());
    assert_eq!(r[3], format!("= {name}"));
    assert!(r[5].starts_with("? the board has 81 points"), "{}", r[5]);
}

#[test]
fn genmove_on_a_big_board_plays_legal_moves_and_never_fills_its_own_eye() {
    let config = Config {
        limits: Limits::none().with_nodes(1),
    };
    let mut input = String::from("boardsize 7\n");
    for _ in 0..40 {
        input.push_str("genmove b\ngenmove w\n");
    }
    input.push_str("list_stones black\nlist_stones white\n");
    let out = session_with(config, &input);
    let r: Vec<&str> = out.split_terminator("\n\n").collect();
    assert!(r.iter().all(|a| a.starts_with("= ")), "{out}");
    // Replay the moves on a board of our own: all legal.
    let g = Arc::new(Graph::grid(7, 7).unwrap());
    let mut game = miai_goban::Game::new(Position::empty(g.clone(), Rules::chinese()));
    for (i, a) in r[1..81].iter().enumerate() {
        let color = if i % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        let m = a.trim_start_matches("= ");
        let mv = if m == "pass" {
            miai_goban::Move::Pass
        } else {
            let v = g.parse_vertex(m).unwrap();
            assert!(
                !game.position().is_eye(color, v),
                "move {i}: {m} fills an own eye"
            );
            miai_goban::Move::Play(v)
        };
        game.play_as(color, mv).unwrap();
    }
    let black: Vec<String> = g
        .vertices()
        .filter(|&v| game.position().color_at(v) == Some(Color::Black))
        .map(|v| g.vertex_name(v))
        .collect();
    assert_eq!(r[81].trim_start_matches("= "), black.join(" "));
    let _ = VertexSet::new();
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Whatever arrives, every line gets at most one framed answer and the
    /// engine never panics.
    #[test]
    fn any_input_gets_framed_answers(lines in proptest::collection::vec(
        prop_oneof![
            "[ -~\t\r]{0,30}",
            "(1 )?(play|genmove|boardsize|komi|undo|loadsgf|miai-tsumego|miai-semeai|known_command) [a-zA-Z0-9 .\t-]{0,12}",
        ],
        1..12,
    )) {
        let config = Config { limits: Limits::none().with_nodes(200) };
        let input = lines.join("\n") + "\n";
        let out = session_with(config, &input);
        prop_assert!(out.is_empty() || out.ends_with("\n\n"));
        for answer in out.split_terminator("\n\n") {
            prop_assert!(answer.starts_with('=') || answer.starts_with('?'), "{answer:?}");
        }
    }
}
