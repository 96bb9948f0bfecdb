//! Runs one workload of miai's CGT benchmark with the peer library and prints
//! the answer and the wall time: `peer-cgt-bench w1|w2|w3|stops`.

use std::str::FromStr;
use std::time::Instant;

use cgt::numeric::dyadic_rational_number::DyadicRationalNumber;
use cgt::short::partizan::canonical_form::CanonicalForm;

fn parse(text: &str) -> CanonicalForm {
    CanonicalForm::from_str(text).unwrap_or_else(|_| panic!("peer cannot parse {text}"))
}

fn main() {
    let workload = std::env::args().nth(1).unwrap_or_default();
    let start = Instant::now();
    let answer = match workload.as_str() {
        // W1: G + cool(G, 1), G = {2|-2} + {4|-4} + ... + {14|-14}.
        "w1" => {
            let g = (1..=7)
                .map(|k| parse(&format!("{{{}|{}}}", 2 * k, -2 * k)))
                .fold(CanonicalForm::new_integer(0), |acc, h| acc + h);
            let cooled = g.cool(DyadicRationalNumber::from(1));
            (g + cooled).to_string()
        }
        // W2: heat(*14, 1).
        "w2" => parse("*14").heat(&CanonicalForm::new_integer(1)).to_string(),
        // W3: the seed-002 race, canonical form and cooled by 2.
        "w3" => {
            let mut last = String::new();
            let runs = 1000;
            for _ in 0..runs {
                let g = parse("{4|0}") + parse("{6|{4|0}}") + CanonicalForm::new_integer(-7);
                last = format!("{g} cooled {}", g.cool(DyadicRationalNumber::from(2)));
            }
            format!("{last} ({runs} runs)")
        }
        // The right stop of {10|1,{4|-4}} is 1.
        "stops" => {
            let g = parse("{10|1,{4|-4}}");
            format!("LS {} RS {}", g.left_stop(), g.right_stop())
        }
        other => {
            eprintln!("unknown workload {other:?}: use w1, w2, w3 or stops");
            std::process::exit(2);
        }
    };
    if answer.len() <= 200 {
        println!("{workload}: {answer}");
    } else {
        // Whole canonical forms of W1 run to ~100 kB: print their size only.
        println!("{workload}: canonical form of {} characters", answer.len());
    }
    println!("{workload}: {:.3} s", start.elapsed().as_secs_f64());
}
