//! miai-cgt (under construction).
