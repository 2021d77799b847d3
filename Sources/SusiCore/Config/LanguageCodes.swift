import Foundation
import SusiBasics
import SusiCLI

/// The ISO 639-1 language codes (the two-letter codes the SUSI apps and
/// server use for `language`), with their English names for "did you mean".
/// Codes ISO withdrew (iw, in, ji, bh, sh) are not in the list; a few are
/// suggested as their replacements.
public enum LanguageCodes {
    public static let names: [String: String] = [
        "aa": "Afar", "ab": "Abkhazian", "ae": "Avestan", "af": "Afrikaans", "ak": "Akan", "am": "Amharic",
        "an": "Aragonese", "ar": "Arabic", "as": "Assamese", "av": "Avaric", "ay": "Aymara", "az": "Azerbaijani",
        "ba": "Bashkir", "be": "Belarusian", "bg": "Bulgarian", "bi": "Bislama", "bm": "Bambara", "bn": "Bengali",
        "bo": "Tibetan", "br": "Breton", "bs": "Bosnian",
        "ca": "Catalan", "ce": "Chechen", "ch": "Chamorro", "co": "Corsican", "cr": "Cree", "cs": "Czech",
        "cu": "Church Slavic", "cv": "Chuvash", "cy": "Welsh",
        "da": "Danish", "de": "German", "dv": "Divehi", "dz": "Dzongkha",
        "ee": "Ewe", "el": "Greek", "en": "English", "eo": "Esperanto", "es": "Spanish", "et": "Estonian", "eu": "Basque",
        "fa": "Persian", "ff": "Fulah", "fi": "Finnish", "fj": "Fijian", "fo": "Faroese", "fr": "French",
        "fy": "Western Frisian",
        "ga": "Irish", "gd": "Scottish Gaelic", "gl": "Galician", "gn": "Guarani", "gu": "Gujarati", "gv": "Manx",
        "ha": "Hausa", "he": "Hebrew", "hi": "Hindi", "ho": "Hiri Motu", "hr": "Croatian", "ht": "Haitian",
        "hu": "Hungarian", "hy": "Armenian", "hz": "Herero",
        "ia": "Interlingua", "id": "Indonesian", "ie": "Interlingue", "ig": "Igbo", "ii": "Sichuan Yi", "ik": "Inupiaq",
        "io": "Ido", "is": "Icelandic", "it": "Italian", "iu": "Inuktitut",
        "ja": "Japanese", "jv": "Javanese",
        "ka": "Georgian", "kg": "Kongo", "ki": "Kikuyu", "kj": "Kuanyama", "kk": "Kazakh", "kl": "Kalaallisut",
        "km": "Khmer", "kn": "Kannada", "ko": "Korean", "kr": "Kanuri", "ks": "Kashmiri", "ku": "Kurdish", "kv": "Komi",
        "kw": "Cornish", "ky": "Kyrgyz",
        "la": "Latin", "lb": "Luxembourgish", "lg": "Ganda", "li": "Limburgish", "ln": "Lingala", "lo": "Lao",
        "lt": "Lithuanian", "lu": "Luba-Katanga", "lv": "Latvian",
        "mg": "Malagasy", "mh": "Marshallese", "mi": "Maori", "mk": "Macedonian", "ml": "Malayalam", "mn": "Mongolian",
        "mr": "Marathi", "ms": "Malay", "mt": "Maltese", "my": "Burmese",
        "na": "Nauru", "nb": "Norwegian Bokmål", "nd": "North Ndebele", "ne": "Nepali", "ng": "Ndonga", "nl": "Dutch",
        "nn": "Norwegian Nynorsk", "no": "Norwegian", "nr": "South Ndebele", "nv": "Navajo", "ny": "Chichewa",
        "oc": "Occitan", "oj": "Ojibwa", "om": "Oromo", "or": "Oriya", "os": "Ossetian",
        "pa": "Punjabi", "pi": "Pali", "pl": "Polish", "ps": "Pashto", "pt": "Portuguese",
        "qu": "Quechua",
        "rm": "Romansh", "rn": "Rundi", "ro": "Romanian", "ru": "Russian", "rw": "Kinyarwanda",
        "sa": "Sanskrit", "sc": "Sardinian", "sd": "Sindhi", "se": "Northern Sami", "sg": "Sango", "si": "Sinhala",
        "sk": "Slovak", "sl": "Slovenian", "sm": "Samoan", "sn": "Shona", "so": "Somali", "sq": "Albanian",
        "sr": "Serbian", "ss": "Swati", "st": "Southern Sotho", "su": "Sundanese", "sv": "Swedish", "sw": "Swahili",
        "ta": "Tamil", "te": "Telugu", "tg": "Tajik", "th": "Thai", "ti": "Tigrinya", "tk": "Turkmen", "tl": "Tagalog",
        "tn": "Tswana", "to": "Tonga", "tr": "Turkish", "ts": "Tsonga", "tt": "Tatar", "tw": "Twi", "ty": "Tahitian",
        "ug": "Uyghur", "uk": "Ukrainian", "ur": "Urdu", "uz": "Uzbek",
        "ve": "Venda", "vi": "Vietnamese", "vo": "Volapük",
        "wa": "Walloon", "wo": "Wolof",
        "xh": "Xhosa",
        "yi": "Yiddish", "yo": "Yoruba",
        "za": "Zhuang", "zh": "Chinese", "zu": "Zulu",
    ]

    /// Country codes and withdrawn codes people type for a language, where
    /// they are not a language code themselves ("jp" is Japan; Japanese is ja).
    static let mistaken: [String: String] = [
        "jp": "ja", "cn": "zh", "gr": "el", "dk": "da", "cz": "cs", "ua": "uk", "us": "en", "gb": "en",
        "mx": "es", "ir": "fa", "il": "he", "vn": "vi", "rs": "sr", "at": "de", "iw": "he", "in": "id",
        "ji": "yi", "sh": "sr", "eng": "en", "deu": "de", "ger": "de", "fra": "fr", "fre": "fr", "spa": "es",
        "ita": "it", "por": "pt", "rus": "ru", "jpn": "ja", "zho": "zh", "chi": "zh", "hin": "hi", "nld": "nl",
        "dut": "nl", "tur": "tr", "pol": "pl", "ara": "ar", "kor": "ko", "swe": "sv", "fil": "tl",
        "deutsch": "de", "francais": "fr", "français": "fr", "espanol": "es", "español": "es", "italiano": "it",
        "nederlands": "nl", "portugues": "pt", "português": "pt", "polski": "pl", "svenska": "sv", "norsk": "no",
    ]

    public static func isKnown(_ code: String) -> Bool {
        names[code] != nil
    }

    /// The language part of a code as `language` takes it ("pt" for "pt-BR").
    public static func base(_ value: String) -> String {
        String(value.prefix { $0 != "-" && $0 != "_" })
    }

    /// Nil when `value` is a known code, optionally with a two-letter region
    /// (pt-BR); otherwise what was expected, with "did you mean" when a
    /// known code is close: the same code spelled differently (EN, pt_BR), a
    /// country or ISO 639-2 code (jp, deu), or a language's English name.
    public static func problem(with value: String) -> String? {
        let parts = value.split(separator: "-", omittingEmptySubsequences: false)
        let region = parts.count == 2 ? parts[1] : ""
        if (1...2).contains(parts.count), isKnown(String(parts[0])),
           parts.count == 1 || (region.count == 2 && region.unicodeScalars.allSatisfy { $0.isASCII && $0.properties.isAlphabetic }) {
            return nil
        }
        let expected = "expected an ISO 639-1 language code such as en, de or pt-BR"
        return suggestion(for: value).map { "\(expected) (did you mean \($0)?)" } ?? expected
    }

    /// A known code for what was typed, shown as "de for German", or nil.
    static func suggestion(for value: String) -> String? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        let normalized = trimmed.replacingOccurrences(of: "_", with: "-")
        let parts = normalized.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        let language = parts[0].lowercased()
        let region = parts.count == 2 && parts[1].count == 2 && parts[1].allSatisfy(\.isLetter) ? "-" + parts[1].uppercased() : ""
        if parts.count <= 2, let code = isKnown(language) ? language : mistaken[language] {
            return "\(code)\(region) for \(names[code]!)"
        }
        let word = trimmed.lowercased()
        guard word.count >= 3 else { return nil }
        let named = names.filter { $0.value.lowercased() == word }.map(\.key)
            + names.filter { $0.value.lowercased().hasPrefix(word) }.map(\.key).sorted()
        if let code = named.first { return "\(code) for \(names[code]!)" }
        let byName = Dictionary(names.map { ($0.value.lowercased(), $0.key) }, uniquingKeysWith: { first, _ in first })
        guard let close = Suggestions.closest(to: word, among: byName.keys.sorted()), let code = byName[close] else { return nil }
        return "\(code) for \(names[code]!)"
    }
}
