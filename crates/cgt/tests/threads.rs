//! The store is shared by threads: equal games built on different threads
//! are the same handle, and concurrent work gives the same answers.

use miai_cgt::{Dyadic, Game, parse};

#[test]
fn threads_share_one_store() {
    let handles: Vec<_> = (0..4)
        .map(|i| {
            std::thread::spawn(move || {
                // Different orders of the same sum on each thread.
                let parts = ["{4|0}", "{6|{4|0}}", "-7"];
                let mut g = Game::zero();
                for k in 0..3 {
                    g = g + parse(parts[(k + i) % 3]).unwrap();
                }
                let c = g.cool(Dyadic::integer(2)).unwrap();
                (g, c)
            })
        })
        .collect();
    let results: Vec<(Game, Game)> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    let want = parse("{1,{3|-1}|-3}").unwrap();
    for (g, c) in results {
        assert_eq!(g, want);
        assert_eq!(g.id(), want.id());
        assert_eq!(c, parse("-1^*").unwrap());
    }
}
