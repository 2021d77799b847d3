# The fuzz targets: name, the Swift file in fuzz/ that holds its entry point,
# and the library it exercises. Sourced by build.sh and run.sh.
FUZZ_TARGETS="skill-reader pattern-compiler lenient-json form-decoding http-head argument-parser wav-reader"

fuzz_source() {
    case "$1" in
        skill-reader) echo SkillReader ;;
        pattern-compiler) echo PatternCompiler ;;
        lenient-json) echo LenientJSON ;;
        form-decoding) echo FormDecoding ;;
        http-head) echo HTTPHead ;;
        argument-parser) echo ArgumentParser ;;
        wav-reader) echo WAVReader ;;
        *) echo "error: unknown fuzz target '$1' (one of: $FUZZ_TARGETS)" >&2; return 64 ;;
    esac
}

fuzz_library() {
    case "$1" in
        skill-reader | pattern-compiler | lenient-json) echo SusiEngine ;;
        form-decoding | http-head) echo SusiServer ;;
        argument-parser) echo SusiCLI ;;
        wav-reader) echo SusiListen ;;
        *) echo "error: unknown fuzz target '$1' (one of: $FUZZ_TARGETS)" >&2; return 64 ;;
    esac
}
