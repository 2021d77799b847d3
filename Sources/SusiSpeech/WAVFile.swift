#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SusiBasics

/// A WAV file (RIFF, PCM, mono, 16-bit little-endian) written as the audio
/// arrives: into a temporary file beside the destination, renamed over it
/// when complete, so a failure or Ctrl-C leaves no partial file behind.
public final class WAVFile {
    public let path: String
    public let sampleRate: Int
    private let temporaryPath: String
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    public private(set) var sampleCount = 0
    private var failure: Int32 = 0
    /// The most audio bytes this file takes (`maximumDataBytes`; tests inject less).
    let dataLimit: Int

    /// The RIFF size field (36 + the audio's bytes) is 32 bits: the most
    /// audio a WAV file holds, in whole 16-bit samples (about 27 hours at 22050 Hz).
    public static let maximumDataBytes = (Int(UInt32.max) - 36) & ~1

    /// Creates the temporary file; an unwritable place is exit 73 naming the path.
    public convenience init(path: String, sampleRate: Int) throws {
        try self.init(path: path, sampleRate: sampleRate, dataLimit: Self.maximumDataBytes)
    }

    init(path: String, sampleRate: Int, dataLimit: Int) throws {
        self.path = path
        self.sampleRate = sampleRate
        self.dataLimit = dataLimit
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        var template = Array((directory + "/." + url.lastPathComponent + ".XXXXXX").utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            throw CommandError(.cannotCreate, "Cannot create \(UntrustedText.line(path)): \(reason).",
                               hint: "Choose a path in a folder you can write to.")
        }
        descriptor = fd
        temporaryPath = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        fchmod(fd, 0o644)
        buffer.reserveCapacity(64 * 1024)
        buffer.append(contentsOf: Self.header(dataBytes: 0, sampleRate: sampleRate))
    }

    deinit { discard() }

    static func header(dataBytes: Int, sampleRate: Int) -> [UInt8] {
        func le32(_ value: Int) -> [UInt8] { withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian, Array.init) }
        func le16(_ value: Int) -> [UInt8] { withUnsafeBytes(of: UInt16(truncatingIfNeeded: value).littleEndian, Array.init) }
        return Array("RIFF".utf8) + le32(36 + dataBytes) + Array("WAVE".utf8)
            + Array("fmt ".utf8) + le32(16) + le16(1) + le16(1) + le32(sampleRate) + le32(sampleRate * 2) + le16(2) + le16(16)
            + Array("data".utf8) + le32(dataBytes)
    }

    /// Appends samples; false once writing failed (the error comes from `finish`).
    @discardableResult
    public func append(_ samples: UnsafeBufferPointer<Int16>) -> Bool {
        guard failure == 0, descriptor >= 0 else { return false }
        guard (sampleCount + samples.count) * 2 <= dataLimit else {
            failure = EFBIG
            return false
        }
        for sample in samples {
            let value = UInt16(bitPattern: sample.littleEndian)
            buffer.append(UInt8(value & 0xFF))
            buffer.append(UInt8(value >> 8))
        }
        sampleCount += samples.count
        if buffer.count >= 60 * 1024 { flush() }
        return failure == 0
    }

    private func flush() {
        var offset = 0
        while offset < buffer.count, failure == 0 {
            let written = buffer[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                failure = errno
            } else {
                offset += written
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes the real sizes, syncs and renames the file into place.
    public func finish() throws {
        flush()
        if failure == 0 {
            let header = Self.header(dataBytes: sampleCount * 2, sampleRate: sampleRate)
            if header.withUnsafeBytes({ pwrite(descriptor, $0.baseAddress, $0.count, 0) }) != header.count { failure = errno }
        }
        if failure == 0, fsync(descriptor) != 0 { failure = errno }
        if failure == 0 {
            close(descriptor)
            descriptor = -1
            if rename(temporaryPath, path) != 0 { failure = errno }
        }
        if failure == EFBIG {
            discard()
            throw CommandError(.dataError, "Cannot write \(UntrustedText.line(path)): the audio is longer than a WAV file holds "
                               + "(4 GiB, about \(dataLimit / 2 / max(sampleRate, 1) / 3600) hours at \(sampleRate) Hz); nothing was written.",
                               hint: "Say the text in parts, each to its own file.")
        }
        if failure != 0 {
            let reason = String(cString: strerror(failure))
            discard()
            throw CommandError(failure == ENOSPC ? .ioError : .cannotCreate,
                               "Cannot write \(UntrustedText.line(path)): \(reason).")
        }
    }

    /// Removes the temporary file; the destination is untouched.
    public func discard() {
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
            unlink(temporaryPath)
        }
    }

    /// Seconds of audio written so far.
    public var duration: Double { Double(sampleCount) / Double(sampleRate) }
}
