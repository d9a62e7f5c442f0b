/// Parea's version: what `parea --version` prints, and so the version of the
/// manual (`scripts/install` fills it in) and of the Debian package
/// (`scripts/deb`). Change it here when a release is tagged `vX.Y.Z`:
/// Tests/Install/run fails when a tagged commit says another version.
let pareaVersion = "0.1.0"
