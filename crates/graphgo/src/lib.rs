//! miai-graphgo (under construction).
