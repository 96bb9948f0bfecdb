//! The one cancellation flag.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A cancellation flag shared between a search and whoever may stop it (a
/// Ctrl-C handler, a web request, a job registry). Clones share the flag:
/// cancelling one cancels them all. A [`child`](Cancel::child) flag is
/// also cancelled by its parent, but cancelling it leaves the parent alone
/// (a speculative search stopped on its own, or with the whole run).
#[derive(Debug, Clone, Default)]
pub struct Cancel {
    flag: Arc<AtomicBool>,
    /// The flag this one was made a child of, if any.
    parent: Option<Arc<Cancel>>,
}

impl Cancel {
    /// A fresh, unset flag.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// A fresh flag that reads as cancelled once it or `self` (or any
    /// ancestor) is cancelled; cancelling it does not cancel `self`.
    pub fn child(&self) -> Cancel {
        Cancel {
            flag: Arc::default(),
            parent: Some(Arc::new(self.clone())),
        }
    }

    /// Asks every search holding this flag (or a clone, or a child) to stop.
    pub fn cancel(&self) {
        self.flag.store(true, Ordering::Relaxed);
    }

    /// Whether cancellation was asked for, of this flag or of a parent.
    #[inline]
    pub fn is_cancelled(&self) -> bool {
        self.flag.load(Ordering::Relaxed) || self.parent.as_ref().is_some_and(|p| p.is_cancelled())
    }

    /// Whether `self` and `other` are clones of one flag.
    pub fn same_flag(&self, other: &Cancel) -> bool {
        Arc::ptr_eq(&self.flag, &other.flag)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clones_share_the_flag() {
        let a = Cancel::new();
        let b = a.clone();
        assert!(!b.is_cancelled());
        a.cancel();
        assert!(b.is_cancelled());
        assert!(a.same_flag(&b));
        assert!(!a.same_flag(&Cancel::new()));
    }

    #[test]
    fn a_child_follows_its_parent_but_not_the_other_way() {
        let run = Cancel::new();
        let one = run.child();
        let two = run.child();
        let grandchild = one.child();
        assert!(!one.same_flag(&run) && !one.same_flag(&two));
        one.cancel();
        assert!(one.is_cancelled() && grandchild.is_cancelled());
        assert!(!run.is_cancelled() && !two.is_cancelled());
        run.cancel();
        assert!(two.is_cancelled());
        // A clone of a child keeps the link to the parent.
        let later = Cancel::new();
        let child = later.child().clone();
        later.cancel();
        assert!(child.is_cancelled());
    }
}
