//! miai-achieve (under construction).
