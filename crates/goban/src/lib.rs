//! miai-goban (under construction).
