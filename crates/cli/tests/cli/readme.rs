//! Every `miai ...` command of the code blocks of README.md and of the
//! examples' READMEs (`examples/*/README.md`) runs as written in a fresh
//! clone: none exits 2 (bad input, a missing file) or crashes. Exit 1
//! (cut off, or a refusal such as an illegal move) is an answer. The
//! commands run in order in one temporary directory, so files they write
//! (`--thermograph thermo.svg`, `--certificate lemma2.cert`) land there and
//! later commands read them; paths into the repository (`examples/...`) are
//! given from its root. `miai serve` is started on a free port and stopped.
//! `cargo run ... -p miai -- ARGS` lines run as `miai ARGS`.
//!
//! A few README searches take seconds in a release build (the capturing
//! race's board search, the 4x4 board) and longer in the test build: where
//! the subcommand takes the shared `--time` flag and the README line sets
//! none, the test adds `--time 1`. Everything else about the line is checked
//! as written (arguments are parsed before any search starts), and exit 1,
//! cut off, is an answer.

use std::io::{BufRead as _, BufReader, Write as _};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn root() -> PathBuf {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).to_path_buf()
}

/// The words of a shell line: blanks separate, `"..."` and `'...'` quote,
/// an unquoted `#` at the start of a word begins a comment. Anything
/// fancier (pipes, redirections, variables) is refused: README commands
/// stay plain so that this reading of them is the shell's.
fn words(line: &str) -> Result<Vec<String>, String> {
    let (mut out, mut word, mut in_word, mut quote) = (Vec::new(), String::new(), false, None);
    for c in line.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => word.push(c),
            None => match c {
                '"' | '\'' => {
                    quote = Some(c);
                    in_word = true;
                }
                '#' if !in_word => break,
                '|' | '>' | '<' | '&' | ';' | '$' | '`' | '\\' | '*' | '?' => {
                    return Err(format!("shell syntax {c:?} in {line:?}"));
                }
                c if c.is_whitespace() => {
                    if in_word {
                        out.push(std::mem::take(&mut word));
                        in_word = false;
                    }
                }
                c => {
                    word.push(c);
                    in_word = true;
                }
            },
        }
    }
    if quote.is_some() {
        return Err(format!("unclosed quote in {line:?}"));
    }
    if in_word {
        out.push(word);
    }
    Ok(out)
}

/// The arguments of every `miai` command in the shell code blocks of
/// `markdown`, with their line numbers.
fn commands(markdown: &str) -> Result<Vec<(usize, Vec<String>)>, String> {
    let mut out = Vec::new();
    let mut in_shell = None;
    for (i, line) in markdown.lines().enumerate() {
        let trimmed = line.trim();
        if let Some(fence) = trimmed.strip_prefix("```") {
            in_shell = match in_shell {
                Some(_) => None,
                None => Some(matches!(fence.trim(), "sh" | "bash" | "shell" | "console")),
            };
            continue;
        }
        if in_shell != Some(true) {
            continue;
        }
        let w = words(trimmed.trim_start_matches("$ "))?;
        let args = match w.first().map(String::as_str) {
            Some("miai") => w[1..].to_vec(),
            Some("cargo") if w.get(1).map(String::as_str) == Some("run") => {
                let miai = w.windows(2).any(|p| p[0] == "-p" && p[1] == "miai");
                match w.iter().position(|a| a == "--") {
                    Some(dash) if miai => w[dash + 1..].to_vec(),
                    _ => continue,
                }
            }
            _ => continue,
        };
        out.push((i + 1, args));
    }
    Ok(out)
}

/// Paths into the repository (`examples/...`: with a slash, and there)
/// from its root; the rest as written.
fn rooted(args: &[String]) -> Vec<String> {
    let root = root();
    args.iter()
        .map(|a| {
            if !a.starts_with('-') && a.contains('/') && root.join(a).exists() {
                root.join(a).to_string_lossy().into_owned()
            } else {
                a.clone()
            }
        })
        .collect()
}

/// `miai ARGS --help`.
fn help(args: &[String]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_miai"))
        .args(args)
        .arg("--help")
        .output()
        .expect("miai runs");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Whether the (sub)subcommand `args` names takes `--time` and the line
/// sets none.
fn needs_time(args: &[String]) -> bool {
    if args.first().is_none_or(|a| a.starts_with('-'))
        || args
            .iter()
            .any(|a| a == "--time" || a.starts_with("--time="))
    {
        return false;
    }
    let mut path = vec![args[0].clone()];
    let mut text = help(&path);
    if let Some(next) = args.get(1)
        && listed(&text).contains(next)
    {
        path.push(next.clone());
        text = help(&path);
    }
    text.contains("--time <SECONDS>")
}

/// `miai serve ...`, on a free port: it must come up, then it is stopped.
fn serve(args: &[String], dir: &Path) -> Result<(), String> {
    let mut args = args.to_vec();
    match args.iter().position(|a| a == "--port") {
        Some(i) if i + 1 < args.len() => args[i + 1] = "0".to_string(),
        _ => args.extend(["--port".to_string(), "0".to_string()]),
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_miai"))
        .args(&args)
        .current_dir(dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| e.to_string())?;
    let mut line = String::new();
    if let Some(out) = child.stdout.take() {
        let _ = BufReader::new(out).read_line(&mut line);
    }
    let running = matches!(child.try_wait(), Ok(None));
    let _ = child.kill();
    let _ = child.wait();
    if running && line.starts_with("listening on http://") {
        Ok(())
    } else {
        Err(format!("did not start: {line:?}"))
    }
}

#[test]
fn every_readme_command_runs_as_written() {
    let mut files = vec![PathBuf::from("README.md")];
    let mut examples: Vec<PathBuf> = std::fs::read_dir(root().join("examples"))
        .expect("examples/")
        .filter_map(|e| e.ok().map(|e| e.path().join("README.md")))
        .filter(|p| p.exists())
        .filter_map(|p| p.strip_prefix(root()).ok().map(Path::to_path_buf))
        .collect();
    examples.sort();
    files.extend(examples);
    let mut list = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(root().join(file)).expect("a README");
        let found = commands(&text).expect("README commands are plain shell");
        if file == Path::new("README.md") {
            assert!(
                found.len() >= 10,
                "only {} commands in README.md",
                found.len()
            );
        }
        list.extend(
            found
                .into_iter()
                .map(|(line, args)| (format!("{}:{line}", file.display()), args)),
        );
    }
    let scratch = super::common::scratch();
    let dir = scratch.path();
    let mut failures = Vec::new();
    for (line, args) in &list {
        let shown = format!("{line}: miai {}", args.join(" "));
        if args.first().map(String::as_str) == Some("serve") {
            if let Err(e) = serve(args, dir) {
                failures.push(format!("{shown}: {e}"));
            }
            continue;
        }
        let mut run = rooted(args);
        if needs_time(args) {
            run.extend(["--time".to_string(), "1".to_string()]);
        }
        let mut child = Command::new(env!("CARGO_BIN_EXE_miai"))
            .args(&run)
            .current_dir(dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("miai runs");
        // `miai gtp` reads commands: a client's first two, then EOF. Every
        // other command gets an empty stdin.
        if let Some(mut stdin) = child.stdin.take()
            && args.first().map(String::as_str) == Some("gtp")
        {
            let _ = stdin.write_all(b"protocol_version\nlist_commands\nquit\n");
        }
        let out = child.wait_with_output().expect("miai runs");
        match out.status.code() {
            Some(0 | 1) if !out.stdout.is_empty() || !out.stderr.is_empty() => {}
            code => failures.push(format!(
                "{shown}: exit {code:?}\n{}",
                String::from_utf8_lossy(&out.stderr)
            )),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn commands_are_read_as_the_shell_reads_them() {
    assert_eq!(
        words(r#"miai cgt "{4|0} + {6|{4|0}} - 7" --cool 2   # canonical form"#).unwrap(),
        ["miai", "cgt", "{4|0} + {6|{4|0}} - 7", "--cool", "2"]
    );
    assert_eq!(
        words("miai nko 50 17 'a b'#x").unwrap(),
        ["miai", "nko", "50", "17", "a b#x"]
    );
    assert!(words("miai cgt 1 > out.txt").is_err());
    assert!(words("miai cgt \"1").is_err());
    let md = "text\n```sh\ncargo run --release -p miai -- semeai x.txt\ncargo test --workspace\n\
              miai nko 3 1   # comment\n```\n```text\nmiai not-a-command\n```\n    miai outside\n";
    assert_eq!(
        commands(md).unwrap(),
        [
            (3, vec!["semeai".to_string(), "x.txt".to_string()]),
            (5, vec!["nko".to_string(), "3".to_string(), "1".to_string()]),
        ]
    );
}

/// The subcommands a `--help` text lists (its `Commands:` section).
fn listed(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| l.trim() != "Commands:")
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect()
}

/// Every subcommand's `--help`, nested ones included, states the exit
/// codes (all but `miai serve`, which runs until stopped).
#[test]
fn every_help_states_the_exit_codes() {
    let top = help(&[]);
    assert!(top.contains("Exit codes: 0"), "{top}");
    let mut todo: Vec<Vec<String>> = listed(&top).into_iter().map(|n| vec![n]).collect();
    assert!(todo.len() >= 8, "{top}");
    let mut seen = 0;
    while let Some(path) = todo.pop() {
        let text = help(&path);
        seen += 1;
        if path == ["serve"] {
            continue;
        }
        assert!(
            text.contains("Exit codes: 0"),
            "miai {}: {text}",
            path.join(" ")
        );
        for sub in listed(&text) {
            let mut p = path.clone();
            p.push(sub);
            todo.push(p);
        }
    }
    // board, achieve, nko, tsumego and graphgo have subcommands of their own.
    assert!(seen > 12, "{seen}");
}
