//! The validation study of docs/semeai.md: generated races, the seed's
//! verdict and the stops verdict against the search.
//!
//! `cargo run --release -p miai-semeai --example study -- [COUNT] [WIDTH] [EYES] [SHARED] [KOS]`
//!
//! (`EYES` races of the big-eye class, `SHARED` of the shared-liberty
//! classes, [`miai_semeai::study::shared_study`], `KOS` of the ko class,
//! [`miai_semeai::study::ko_study`]).
//!
//! Prints the figures, the races whose outcome is a ko, then up to `SHOW`
//! (default 12) disagreeing races (`DOMAIN=1`: only those inside the
//! model's domain; `CLASS=plain|trees`: only that kind; `WHY=tag`: every
//! race outside the domain for that reason, e.g. `WHY=approach-move`;
//! `KOS=1`: every race whose approach kos the model valued; `STOPS=1`:
//! the stops verdict's disagreements instead of the seed's; `JOINTKO=1`:
//! the races whose joint games' kos were valued with a ko master each,
//! those where that disagrees with the search listed; `JKALL=1` with it:
//! all of them).

use miai_semeai::study::{Case, eye_study, ko_study, shared_study, study_with};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let count: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(200);
    let width: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(4);
    let eyes: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(0);
    let shared: usize = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(0);
    let kos: usize = args.get(5).and_then(|s| s.parse().ok()).unwrap_or(0);
    // `JOINTKO=1`: the races whose joint games' kos were valued with a ko
    // master each listed where that disagrees with the search (`JKALL=1`:
    // all of them); the analysis values them itself since issue 25's
    // eighth session.
    let joint_kos = std::env::var("JOINTKO").is_ok();
    let mut cases = study_with(1000 * width as u64, count, width, 0.15, joint_kos);
    cases.extend(eye_study(eyes));
    cases.extend(shared_study(shared));
    cases.extend(ko_study(kos));
    let mut inside = 0;
    let mut seed_ok = [0, 0];
    let mut stops_ok = [0, 0];
    let mut seed_undecided = 0;
    let mut seki = 0;
    let mut bad: Vec<(&Case, &str)> = Vec::new();
    // [cases, seed agreements, stops agreements] per class: plain (every
    // sub-position settled at the root), trees without unknown chains,
    // trees with unknown chains; agreements count both first players.
    let mut class = [[0usize; 3]; 3];
    for c in &cases {
        let Some(s) = c.search else { continue };
        if s.iter().any(Option::is_none) {
            seki += 1;
        }
        let (Some(seed), Some(stops)) = (c.seed, c.stops) else {
            continue;
        };
        inside += 1;
        if seed.iter().any(Option::is_none) {
            seed_undecided += 1;
        }
        for i in 0..2 {
            if seed[i] == s[i] {
                seed_ok[i] += 1;
            }
            if stops[i] == s[i] {
                stops_ok[i] += 1;
            }
        }
        let k = if c.settled_at_root {
            0
        } else if !c.has_unknown {
            1
        } else {
            2
        };
        class[k][0] += 1;
        class[k][1] += (0..2).filter(|&i| seed[i] == s[i]).count();
        class[k][2] += (0..2).filter(|&i| stops[i] == s[i]).count();
        if seed != stops {
            bad.push((c, "seed and stops differ"));
        }
        if seed != s {
            bad.push((c, "seed"));
        }
        if stops != s {
            bad.push((c, "stops"));
        }
    }
    // The model's domain: every sub-position expressed.
    let mut dom = 0;
    let mut dom_ok = 0;
    let mut why: std::collections::BTreeMap<String, [usize; 3]> = Default::default();
    for c in &cases {
        let Some(s) = c.search else { continue };
        let ok = c
            .stops
            .map_or(0, |v| (0..2).filter(|&i| v[i] == s[i]).count());
        if c.in_domain {
            dom += 1;
            dom_ok += c.agreement();
        } else {
            let e = why.entry(c.unmodelled.join("+")).or_default();
            e[0] += 1;
            e[1] += ok;
            e[2] += usize::from(c.stops.is_some());
        }
    }
    println!(
        "domain: {dom}/{} races ({:.1} %); stops = search inside: {dom_ok}/{} ({:.1} %)",
        cases.len(),
        100.0 * dom as f64 / cases.len().max(1) as f64,
        2 * dom,
        100.0 * dom_ok as f64 / (2 * dom).max(1) as f64
    );
    for class in [
        "corpus",
        "big-eye",
        "no-eye-shared",
        "eye-vs-no-eye",
        "eye-each",
        "ko",
    ] {
        let of: Vec<&Case> = cases.iter().filter(|c| c.class == class).collect();
        let inside: Vec<&&Case> = of.iter().filter(|c| c.in_domain).collect();
        let ok: usize = inside.iter().map(|c| c.agreement()).sum();
        let decided: usize = of
            .iter()
            .map(|c| match (c.decision, c.search) {
                (Some(v), Some(s)) => (0..2).filter(|&i| v[i] == s[i]).count(),
                _ => 0,
            })
            .sum();
        println!(
            "class {class}: {} races, in the domain {} ; method = search inside {ok}/{}; reported verdict = search {decided}/{}",
            of.len(),
            inside.len(),
            2 * inside.len(),
            2 * of.len()
        );
    }
    for (k, [n, ok, with]) in &why {
        println!(
            "  outside ({k}): {n} races; {with} with a CGT verdict, agreeing {ok}/{}",
            2 * with
        );
    }
    // The joint games whose kos were valued with a ko master each.
    let jk: Vec<&Case> = cases.iter().filter(|c| c.joint_kos.is_some()).collect();
    if joint_kos {
        println!(
            "joint games valued with a ko master each: {} races, agreeing {}/{}; ko outside only: {} races, agreeing {}/{}",
            jk.len(),
            jk.iter()
                .filter_map(|c| c.joint_ko_agreement())
                .sum::<usize>(),
            2 * jk.len(),
            jk.iter().filter(|c| c.unmodelled == ["ko"]).count(),
            jk.iter()
                .filter(|c| c.unmodelled == ["ko"])
                .filter_map(|c| c.joint_ko_agreement())
                .sum::<usize>(),
            2 * jk.iter().filter(|c| c.unmodelled == ["ko"]).count()
        );
    }
    if joint_kos {
        let all = std::env::var("JKALL").is_ok();
        for c in jk
            .iter()
            .filter(|c| all || c.joint_ko_agreement() != Some(2))
        {
            println!(
                "--- joint kos ({:?}, agree {:?}): stops {:?}, masters {:?}, search {:?}, search ko {:?}\n{}",
                c.unmodelled,
                c.joint_ko_agreement(),
                c.stops,
                c.joint_kos,
                c.search_outcomes,
                c.search_ko,
                c.diagram
            );
        }
    }
    // The races whose approach kos the model valued (inside the domain).
    let valued: Vec<&Case> = cases
        .iter()
        .filter(|c| c.approach_kos && c.in_domain)
        .collect();
    println!(
        "approach kos valued by the model: {} races in the domain, a ko that decides for {} first players by the model, {} by the search; agreeing {}/{}",
        valued.len(),
        valued.iter().flat_map(|c| c.model_ko).flatten().count(),
        valued.iter().flat_map(|c| c.search_ko).flatten().count(),
        valued.iter().map(|c| c.agreement()).sum::<usize>(),
        2 * valued.len()
    );
    if std::env::var("KOS").is_ok() {
        for c in &valued {
            println!(
                "--- approach kos: G = {:?}, stops {:?}, search {:?}, model ko {:?}, search ko {:?}\n{}",
                c.sum, c.stops, c.search, c.model_ko, c.search_ko, c.diagram
            );
        }
    }
    let kos: Vec<&Case> = cases.iter().filter(|c| c.ko.is_some()).collect();
    println!(
        "races whose outcome is a ko: {} (in the model's domain: {})",
        kos.len(),
        kos.iter().filter(|c| c.in_domain).count()
    );
    for c in kos.iter().take(3) {
        println!(
            "  {} (in the domain: {})\n{}",
            c.ko.as_deref().unwrap_or(""),
            c.in_domain,
            c.diagram
        );
    }
    println!(
        "races: {} (width {width}); outside the method: {}; seki by search: {seki}",
        cases.len(),
        cases.len() - inside
    );
    println!("inside the method: {inside}; seed undecided (ambiguous rule 3): {seed_undecided}");
    println!(
        "seed agrees with search: Black first {}/{inside}, White first {}/{inside}",
        seed_ok[0], seed_ok[1]
    );
    println!(
        "stops agrees with search: Black first {}/{inside}, White first {}/{inside}",
        stops_ok[0], stops_ok[1]
    );
    for (name, k) in [
        ("plain counts", 0),
        ("trees, no unknown chain", 1),
        ("trees with unknown chains", 2),
    ] {
        println!(
            "{name}: {} races; seed agrees {}/{}, stops agrees {}/{} (both first players)",
            class[k][0],
            class[k][1],
            2 * class[k][0],
            class[k][2],
            2 * class[k][0]
        );
    }
    // `WHY=tag`: every race outside the domain with that class.
    if let Ok(tag) = std::env::var("WHY") {
        for c in cases
            .iter()
            .filter(|c| c.unmodelled.contains(&tag.as_str()))
        {
            println!(
                "--- outside ({}): class {}, G = {:?}, stops {:?}, search {:?}, ko {:?}\n{}",
                c.unmodelled.join("+"),
                c.class,
                c.sum,
                c.stops,
                c.search,
                c.ko,
                c.diagram
            );
        }
    }
    for (c, which) in bad
        .iter()
        .filter(|b| (b.1 == "stops") == std::env::var("STOPS").is_ok())
        .filter(|b| std::env::var("DOMAIN").is_err() || b.0.in_domain)
        .filter(|b| match std::env::var("CLASS").as_deref() {
            Ok("plain") => b.0.settled_at_root,
            Ok("trees") => !b.0.settled_at_root && !b.0.has_unknown,
            _ => true,
        })
        .take(
            std::env::var("SHOW")
                .ok()
                .and_then(|s| s.parse().ok())
                .unwrap_or(12),
        )
    {
        println!(
            "--- {which} disagrees (settled at root: {}, unknown chains: {}): G = {:?}, seed {:?}, stops {:?}, search {:?}\n{}",
            c.settled_at_root, c.has_unknown, c.sum, c.seed, c.stops, c.search, c.diagram
        );
    }
}
