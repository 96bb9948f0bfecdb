//! The node counter every solver ticks: it checks the limits, the clock and
//! the cancel flag, and says when a progress report is due, all at one
//! cadence.

use std::time::{Duration, Instant};

use crate::{Cancel, Limits, Progress, Stop, TableUsage};

/// Nodes between two looks at the clock and the cancel flag. A node costs
/// a microsecond or less in every solver, so a deadline or a cancel is
/// seen within a millisecond, and reading the clock costs well under 1%.
pub const CHECK_EVERY: u64 = 256;

/// Time between two progress reports.
pub const REPORT_EVERY: Duration = Duration::from_millis(100);

/// Counts a search's nodes against its [`Limits`].
///
/// The solver calls [`tick`](Meter::tick) once per node and stops on the
/// `Err`; after a tick, [`report_due`](Meter::report_due) says whether to
/// hand [`progress`](Meter::progress) to the caller's callback. The stop is
/// sticky: once a limit is hit every later tick fails with the same reason.
///
/// The node limit is exact (checked on every tick); the clock and the cancel
/// flag are looked at every [`CHECK_EVERY`] nodes. Counting stays the
/// solver's own business in one respect: what a node is (a position
/// expanded, a move tried) is up to it, so node counts of a solver do not
/// change when it moves to the meter.
#[derive(Debug, Clone)]
pub struct Meter {
    limits: Limits,
    cancel: Option<Cancel>,
    start: Instant,
    nodes: u64,
    next_check: u64,
    next_report: Duration,
    report_due: bool,
    stopped: Option<Stop>,
    depth: Option<usize>,
}

impl Meter {
    /// A meter for `limits`, started now.
    pub fn new(limits: &Limits, cancel: Option<&Cancel>) -> Meter {
        Meter {
            limits: *limits,
            cancel: cancel.cloned(),
            start: Instant::now(),
            nodes: 0,
            next_check: CHECK_EVERY,
            next_report: REPORT_EVERY,
            report_due: false,
            stopped: None,
            depth: None,
        }
    }

    /// A meter with no limits and no cancel flag.
    pub fn unlimited() -> Meter {
        Meter::new(&Limits::none(), None)
    }

    /// Starts again from zero nodes, now; the limits and the cancel flag
    /// stay.
    pub fn restart(&mut self) {
        *self = Meter::new(&self.limits, self.cancel.as_ref());
    }

    /// Counts one node. Fails once a limit is reached or the search is
    /// cancelled; a tick after the stop fails without counting, so a node
    /// limit of `n` ends at `n` nodes however often the solver asks again.
    #[inline]
    pub fn tick(&mut self) -> Result<(), Stop> {
        if let Some(stop) = self.stopped {
            return Err(stop);
        }
        self.nodes += 1;
        if self.limits.max_nodes.is_some_and(|m| self.nodes >= m) {
            self.stopped = Some(Stop::Nodes);
            return Err(Stop::Nodes);
        }
        if self.nodes >= self.next_check {
            self.next_check = self.nodes + CHECK_EVERY;
            return self.check();
        }
        Ok(())
    }

    /// Looks at the clock and the cancel flag now (a solver may call this
    /// before its first node, or between phases).
    pub fn check(&mut self) -> Result<(), Stop> {
        if let Some(stop) = self.stopped {
            return Err(stop);
        }
        if self.cancel.as_ref().is_some_and(Cancel::is_cancelled) {
            self.stopped = Some(Stop::Cancelled);
            return Err(Stop::Cancelled);
        }
        let elapsed = self.start.elapsed();
        if self.limits.max_time.is_some_and(|t| elapsed >= t) {
            self.stopped = Some(Stop::Time);
            return Err(Stop::Time);
        }
        if elapsed >= self.next_report {
            self.report_due = true;
            self.next_report = elapsed + REPORT_EVERY;
        }
        Ok(())
    }

    /// Records a stop the solver found itself (a memory ceiling, say); later
    /// ticks fail with it.
    pub fn stop(&mut self, stop: Stop) {
        self.stopped.get_or_insert(stop);
    }

    /// Whether a progress report is due; true once per [`REPORT_EVERY`].
    #[inline]
    pub fn report_due(&mut self) -> bool {
        std::mem::take(&mut self.report_due)
    }

    /// Records the deepest ply reached, for the progress record.
    #[inline]
    pub fn reached_depth(&mut self, depth: usize) {
        if self.depth.is_none_or(|d| depth > d) {
            self.depth = Some(depth);
        }
    }

    /// The progress record now, with the solver's table use.
    pub fn progress(&self, table: TableUsage) -> Progress {
        Progress {
            nodes: self.nodes,
            max_nodes: self.limits.max_nodes,
            elapsed: self.start.elapsed(),
            max_time: self.limits.max_time,
            table,
            depth: self.depth,
        }
    }

    /// Nodes counted so far.
    #[inline]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Time since the meter started.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Why the search stopped, if it did.
    pub fn stopped(&self) -> Option<Stop> {
        self.stopped
    }

    /// The limits being counted against.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The cancel flag, if any.
    pub fn cancel_flag(&self) -> Option<&Cancel> {
        self.cancel.as_ref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(meter: &mut Meter, most: u64) -> Option<Stop> {
        (0..most).find_map(|_| meter.tick().err())
    }

    #[test]
    fn the_node_limit_is_exact_and_sticky() {
        let mut m = Meter::new(&Limits::none().with_nodes(1000), None);
        assert_eq!(run(&mut m, 5000), Some(Stop::Nodes));
        assert_eq!(m.nodes(), 1000);
        assert_eq!(m.tick(), Err(Stop::Nodes));
        assert_eq!(m.stopped(), Some(Stop::Nodes));
    }

    #[test]
    fn a_cancel_is_seen_within_the_cadence() {
        let cancel = Cancel::new();
        let mut m = Meter::new(&Limits::none(), Some(&cancel));
        assert_eq!(run(&mut m, 1000), None);
        cancel.cancel();
        assert_eq!(run(&mut m, CHECK_EVERY + 1), Some(Stop::Cancelled));
    }

    #[test]
    fn the_time_limit_stops_the_search() {
        let mut m = Meter::new(&Limits::none().with_time(Duration::from_nanos(1)), None);
        std::thread::sleep(Duration::from_millis(1));
        assert_eq!(run(&mut m, CHECK_EVERY), Some(Stop::Time));
    }

    #[test]
    fn reports_come_due_with_time() {
        let mut m = Meter::unlimited();
        run(&mut m, CHECK_EVERY);
        assert!(!m.report_due());
        std::thread::sleep(REPORT_EVERY);
        run(&mut m, CHECK_EVERY);
        assert!(m.report_due());
        assert!(!m.report_due(), "a report is due once");
        m.reached_depth(7);
        m.reached_depth(3);
        let p = m.progress(TableUsage {
            used: 1,
            capacity: 2,
        });
        assert_eq!(p.nodes, 2 * CHECK_EVERY);
        assert_eq!(p.depth, Some(7));
        assert_eq!(p.table.capacity, 2);
    }

    #[test]
    fn restart_keeps_the_limits_and_clears_the_count() {
        let mut m = Meter::new(&Limits::none().with_nodes(10), None);
        assert_eq!(run(&mut m, 20), Some(Stop::Nodes));
        m.restart();
        assert_eq!(m.nodes(), 0);
        assert_eq!(m.stopped(), None);
        assert_eq!(run(&mut m, 20), Some(Stop::Nodes));
    }

    #[test]
    fn a_stop_found_by_the_solver_sticks() {
        let mut m = Meter::unlimited();
        m.stop(Stop::Memory);
        assert_eq!(m.tick(), Err(Stop::Memory));
        assert_eq!(m.check(), Err(Stop::Memory));
    }
}
