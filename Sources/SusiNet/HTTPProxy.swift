import Foundation
import SusiBasics

/// Which proxy, if any, a request goes through: decided here from the
/// environment susi was given, with the rules libcurl and most tools
/// follow, and then handed to libcurl explicitly (which is told never to
/// read the variables itself).
///
/// - `http_proxy` for http (lower case only: `HTTP_PROXY` can be set by a
///   CGI request's `Proxy:` header), `https_proxy` or `HTTPS_PROXY` for
///   https, else `all_proxy` or `ALL_PROXY`;
/// - `no_proxy` or `NO_PROXY`: `*`, or hosts and domains separated by
///   commas (`example.com` also covers `www.example.com`; a leading dot is
///   the same), which are reached directly.
public enum HTTPProxy {
    /// Whether the environment's proxy variables apply to a transport.
    public enum Use: Sendable, Equatable {
        case fromEnvironment
        /// Never a proxy: the speaker is always on the local network, and its
        /// setup requests carry the Wi-Fi and account passwords.
        case never
    }

    /// A proxy a request goes through.
    public struct Proxy: Sendable, Equatable {
        /// As handed to libcurl: `scheme://[userinfo@]host[:port]`.
        public var address: String
        public var host: String
        /// The variable it came from.
        public var variable: String
    }

    /// The way a request goes, and why, for `-v`.
    public struct Route: Sendable, Equatable {
        public var proxy: Proxy?
        var reason: String

        public var description: String {
            guard let proxy else { return "direct (\(reason))" }
            return "via the proxy \(URLText.withoutUserinfo(proxy.address)) (\(proxy.variable))"
        }
    }

    static let schemes: Set<String> = ["http", "https", "socks4", "socks4a", "socks5", "socks5h"]

    /// The route for `url`. A proxy variable that names no usable proxy is
    /// an error, never a silent direct connection.
    public static func route(for url: URL, use: Use, environment: [String: String]) throws(HTTPError) -> Route {
        guard use == .fromEnvironment else {
            return Route(proxy: nil, reason: "the speaker is never reached through a proxy")
        }
        let scheme = url.scheme?.lowercased() ?? "http"
        let names = (scheme == "https" ? ["https_proxy", "HTTPS_PROXY"] : ["http_proxy"]) + ["all_proxy", "ALL_PROXY"]
        guard let variable = names.first(where: { !(environment[$0] ?? "").isEmpty }), let value = environment[variable] else {
            return Route(proxy: nil, reason: "no proxy is set")
        }
        let host = (url.host ?? "").lowercased()
        if let exception = ["no_proxy", "NO_PROXY"].first(where: { !(environment[$0] ?? "").isEmpty }),
           excepts(environment[exception] ?? "", host: host) {
            return Route(proxy: nil, reason: "\(exception) names \(host)")
        }
        let address = value.contains("://") ? value : "http://" + value
        guard let parsed = URL(string: address), let proxyScheme = parsed.scheme?.lowercased(), schemes.contains(proxyScheme),
              let proxyHost = parsed.host, !proxyHost.isEmpty else {
            throw HTTPError(.badURL, "The proxy in \(variable) is not a usable proxy address (expected http://HOST:PORT or socks5://HOST:PORT).",
                            hint: "Correct or unset \(variable).")
        }
        return Route(proxy: Proxy(address: address, host: proxyHost, variable: variable), reason: "")
    }

    /// True when a `no_proxy` list covers `host`.
    static func excepts(_ list: String, host: String) -> Bool {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        for item in list.split(separator: ",") {
            var entry = item.trimmingCharacters(in: .whitespaces).lowercased()
            if entry == "*" { return true }
            while entry.hasPrefix(".") { entry.removeFirst() }
            if entry.hasPrefix("["), let close = entry.firstIndex(of: "]") {
                entry = String(entry[entry.index(after: entry.startIndex)..<close])
            } else if entry.filter({ $0 == ":" }).count == 1, let colon = entry.firstIndex(of: ":") {
                entry = String(entry[..<colon])
            }
            guard !entry.isEmpty else { continue }
            if bare == entry || bare.hasSuffix("." + entry) { return true }
        }
        return false
    }

    /// The address without its query or fragment (which may hold a secret).
    public static func withoutQuery(_ url: URL) -> String {
        var text = URLText.withoutUserinfo(url.absoluteString)
        if let cut = text.firstIndex(where: { $0 == "?" || $0 == "#" }) { text = String(text[..<cut]) }
        return text
    }
}
