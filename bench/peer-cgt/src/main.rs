//! Runs one workload with one library and prints its answer, the CPU time
//! (and wall time) of the first (cold) run in this process and the mean of
//! the warm runs after it, and the peak resident memory:
//! `peer-cgt-bench miai|peer WORKLOAD [warm-runs]`; `peer-cgt-bench corpus
//! FILE` prints miai's forms of the expressions in FILE.
//!
//! Cold is the first run in a fresh process (miai's store and caches
//! empty); warm repeats the same work in the same process (miai's caches
//! full, as in a long session; the peer keeps no caches between calls).
//! Both libraries must give the same answer: `run.sh` compares them.

use std::str::FromStr;
use std::time::{Duration, Instant};

use cgt::numeric::dyadic_rational_number::DyadicRationalNumber;
use cgt::short::partizan::canonical_form::CanonicalForm;
use miai_cgt::{Dyadic, Game};

/// The workloads, in the order `run.sh` runs them.
const WORKLOADS: &[&str] = &["stops", "w1", "w2", "w3", "tree", "print"];

/// A random game tree: options per side and leaves from a fixed seed.
#[derive(Debug)]
enum Tree {
    Leaf(i64),
    Node(Vec<Tree>, Vec<Tree>),
}

/// splitmix64: a fixed, portable stream of pseudo-random numbers.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Up to `depth` levels, 1-3 options a side, leaves -8..=8: at depth 6
/// some 10^4 nodes.
fn tree(rng: &mut Rng, depth: u32) -> Tree {
    if depth == 0 || rng.below(6) == 0 {
        return Tree::Leaf(rng.below(17) as i64 - 8);
    }
    let mut side = || (0..1 + rng.below(3)).map(|_| tree(rng, depth - 1)).collect::<Vec<_>>();
    let l = side();
    let r = side();
    Tree::Node(l, r)
}

fn the_tree() -> Tree {
    tree(&mut Rng(2026), 6)
}

fn miai_tree(t: &Tree) -> Game {
    match t {
        Tree::Leaf(n) => Game::integer(*n),
        Tree::Node(l, r) => {
            let l: Vec<Game> = l.iter().map(miai_tree).collect();
            let r: Vec<Game> = r.iter().map(miai_tree).collect();
            Game::from_options(&l, &r).expect("small numbers")
        }
    }
}

fn peer_tree(t: &Tree) -> CanonicalForm {
    match t {
        Tree::Leaf(n) => CanonicalForm::new_integer(*n),
        Tree::Node(l, r) => {
            CanonicalForm::new_from_moves(l.iter().map(peer_tree).collect(), r.iter().map(peer_tree).collect())
        }
    }
}

fn peer_parse(text: &str) -> CanonicalForm {
    CanonicalForm::from_str(text).unwrap_or_else(|_| panic!("peer cannot parse {text}"))
}

fn miai_parse(text: &str) -> Game {
    miai_cgt::parse(text).unwrap_or_else(|e| panic!("miai cannot parse {text}: {e}"))
}

/// One run of `workload` with the peer; the answer as text.
fn peer(workload: &str, heated: &Option<CanonicalForm>) -> String {
    match workload {
        // The left and right stops of {10|1,{4|-4}}.
        "stops" => {
            let g = peer_parse("{10|1,{4|-4}}");
            format!("LS {} RS {}", g.left_stop(), g.right_stop())
        }
        // W1: G + cool(G, 1), G = {2|-2} + {4|-4} + ... + {14|-14}.
        "w1" => {
            let g = (1..=7)
                .map(|k| peer_parse(&format!("{{{}|{}}}", 2 * k, -2 * k)))
                .fold(CanonicalForm::new_integer(0), |acc, h| acc + h);
            let cooled = g.cool(DyadicRationalNumber::from(1));
            let s = g + cooled;
            format!("mean {} temperature {}", s.mean(), s.temperature())
        }
        // W2: heat(*14, 1).
        "w2" => {
            let h = peer_parse("*14").heat(&CanonicalForm::new_integer(1));
            format!("mean {} birthday {}", h.mean(), h.birthday())
        }
        // W3: the seed-002 race, its canonical form and cooled by 2.
        "w3" => {
            let g = peer_parse("{4|0}") + peer_parse("{6|{4|0}}") + CanonicalForm::new_integer(-7);
            format!("{g} cooled {}", g.cool(DyadicRationalNumber::from(2)))
        }
        // The canonical form of a random game tree, bottom up.
        "tree" => {
            let g = peer_tree(&the_tree());
            format!("LS {} RS {} birthday {}", g.left_stop(), g.right_stop(), g.birthday())
        }
        // Printing heat(*14, 1) (computed before the clock starts).
        "print" => {
            let s = heated.as_ref().map(|h| h.to_string()).unwrap_or_default();
            format!("{} characters", s.len())
        }
        _ => unreachable!("checked in main"),
    }
}

/// One run of `workload` with miai; the answer as text.
fn miai(workload: &str, heated: Option<Game>) -> String {
    match workload {
        "stops" => {
            let g = miai_parse("{10|1,{4|-4}}");
            format!("LS {} RS {}", g.left_stop(), g.right_stop())
        }
        "w1" => {
            let g = (1..=7)
                .map(|k| miai_parse(&format!("{{{}|{}}}", 2 * k, -2 * k)))
                .fold(Game::zero(), |acc, h| acc + h);
            let cooled = g.cool(Dyadic::ONE).expect("cool");
            let s = g + cooled;
            format!(
                "mean {} temperature {}",
                s.mean().expect("mean"),
                s.temperature().expect("temperature")
            )
        }
        "w2" => {
            let h = Game::nimber(14).expect("*14").heat(Dyadic::ONE).expect("heat");
            format!("mean {} birthday {}", h.mean().expect("mean"), h.birthday().expect("birthday"))
        }
        "w3" => {
            let g = miai_parse("{4|0}") + miai_parse("{6|{4|0}}") + Game::integer(-7);
            format!("{g} cooled {}", g.cool(Dyadic::integer(2)).expect("cool"))
        }
        "tree" => {
            let g = miai_tree(&the_tree());
            format!(
                "LS {} RS {} birthday {}",
                g.left_stop(),
                g.right_stop(),
                g.birthday().expect("birthday")
            )
        }
        "print" => {
            let s = heated.map(|h| h.to_string()).unwrap_or_default();
            format!("{} characters", s.len())
        }
        _ => unreachable!("checked in main"),
    }
}

/// CPU time of this thread: on a machine loaded by other work the wall
/// clock mostly measures the wait for a core.
fn cpu_time() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes one timespec, which `ts` is.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0, "clock_gettime");
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

/// Peak resident memory of this process, in KiB (Linux).
fn peak_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1).and_then(|v| v.parse().ok()))
        })
        .unwrap_or(0)
}

/// `corpus FILE`: each expression of FILE (one a line) printed by miai:
/// canonical form, cooled by 1 and heated by 1, tab-separated. Run on two
/// versions of miai, the outputs must be the same.
fn corpus(path: &str) {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let g = miai_parse(line);
        let cooled = g.cool(Dyadic::ONE).expect("cool");
        let heated = g.heat(Dyadic::ONE).expect("heat");
        println!("{line}\t{g}\t{cooled}\t{heated}");
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("corpus") {
        corpus(args.get(2).map_or("", String::as_str));
        return;
    }
    let (lib, workload) = (args.get(1).map(String::as_str), args.get(2).map(String::as_str));
    let warm_runs: u32 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(20);
    let (Some(lib @ ("miai" | "peer")), Some(workload)) = (lib, workload) else {
        eprintln!("usage: peer-cgt-bench miai|peer WORKLOAD [warm-runs]; workloads {WORKLOADS:?}");
        std::process::exit(2);
    };
    if !WORKLOADS.contains(&workload) {
        eprintln!("unknown workload {workload:?}: one of {WORKLOADS:?}");
        std::process::exit(2);
    }
    // The print workload times printing only.
    let peer_heated = (lib == "peer" && workload == "print")
        .then(|| peer_parse("*14").heat(&CanonicalForm::new_integer(1)));
    let miai_heated = (lib == "miai" && workload == "print")
        .then(|| Game::nimber(14).expect("*14").heat(Dyadic::ONE).expect("heat"));
    let run = || match lib {
        "peer" => peer(workload, &peer_heated),
        _ => miai(workload, miai_heated),
    };
    let (start, cpu) = (Instant::now(), cpu_time());
    let answer = run();
    let (cold, cold_cpu) = (start.elapsed(), cpu_time() - cpu);
    let (start, cpu) = (Instant::now(), cpu_time());
    for _ in 0..warm_runs {
        let again = run();
        assert_eq!(again, answer, "{lib} {workload}: a warm run gave another answer");
    }
    let n = warm_runs.max(1);
    let (warm, warm_cpu) = (start.elapsed() / n, (cpu_time() - cpu) / n);
    let us = |d: Duration| d.as_secs_f64() * 1e6;
    println!(
        "{lib} {workload}: cpu cold {:.1} us, warm {:.1} us (wall {:.1}, {:.1}); peak {} KiB: {answer}",
        us(cold_cpu),
        us(warm_cpu),
        us(cold),
        us(warm),
        peak_kib()
    );
}
