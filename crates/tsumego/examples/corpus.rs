use miai_tsumego::problem::file;
use miai_tsumego::*;

fn main() {
    let mut bad = 0;
    for dir in std::env::args().skip(1) {
        let mut paths: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "txt"))
            .collect();
        paths.sort();
        for path in paths {
            let text = std::fs::read_to_string(&path).unwrap();
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            let f = match file::parse(&text) {
                Ok(f) => f,
                Err(e) => {
                    println!("{name}: PARSE {e}");
                    bad += 1;
                    continue;
                }
            };
            let p = match Problem::new(f.spec.clone()) {
                Ok(p) => p,
                Err(e) => {
                    println!("{name}: PROBLEM {e}");
                    bad += 1;
                    continue;
                }
            };
            let n: u8 = f
                .header("ko-threats")
                .map(|s| s.parse().unwrap())
                .unwrap_or(Regime::DEFAULT_KO_THREATS);
            let regime = if f.header("rules") == Some("superko") {
                Regime::Superko
            } else {
                Regime::Seed { ko_threats: n }
            };
            let expect = f.header("expect").unwrap_or("");
            for (first, key) in [
                (Side::Attacker, "attacker-first="),
                (Side::Defender, "defender-first="),
            ] {
                let want = expect
                    .split_whitespace()
                    .find_map(|w| w.strip_prefix(key))
                    .unwrap_or("-");
                let o = Options {
                    regime,
                    limits: Limits {
                        max_nodes: 2_000_000,
                        ..Limits::default()
                    },
                    ..Options::default()
                };
                let a = analyse(&p, first, &o, None, None);
                let got = a.status.word();
                let ok = want == "-" || want == got || (want == "seki" && got == "alive");
                if !ok {
                    bad += 1;
                }
                let pv: Vec<String> =
                    a.pv.iter()
                        .map(|m| match m {
                            Mv::Play(v) => p.vertex_name(*v),
                            Mv::Tenuki => "tenuki".into(),
                        })
                        .collect();
                println!(
                    "{} {name} {first}: want {want} got {} [{:?}] ({} nodes, {:?}, {} pts {} empty) pv {}",
                    if ok { "ok " } else { "BAD" },
                    a.status,
                    a.without_threats,
                    a.nodes,
                    a.elapsed,
                    p.region().len(),
                    p.empty_points(),
                    pv.join(" ")
                );
            }
        }
    }
    println!("{bad} bad");
}
