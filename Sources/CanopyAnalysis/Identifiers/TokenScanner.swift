/// Recognises dynamic tokens at a position of a message; each method returns where the token ends.
struct TokenScanner {
    let input: [Unicode.Scalar]

    private func isDigit(_ index: Int) -> Bool { index < input.count && ("0"..."9").contains(input[index]) }

    private func isHex(_ index: Int) -> Bool {
        guard index < input.count else { return false }
        let scalar = input[index]
        return ("0"..."9").contains(scalar) || ("a"..."f").contains(scalar) || ("A"..."F").contains(scalar)
    }

    private func isWord(_ index: Int) -> Bool { index < input.count && MessageNormalizer.isWordScalar(input[index]) }

    private func run(_ index: Int, _ test: (Int) -> Bool) -> Int {
        var end = index
        while test(end) { end += 1 }
        return end
    }

    /// `0x600003b2c5a0`.
    func address(at index: Int) -> Int? {
        guard index + 2 < input.count, input[index] == "0", input[index + 1] == "x" || input[index + 1] == "X",
            isHex(index + 2)
        else { return nil }
        let end = run(index + 2, isHex)
        return isWord(end) ? nil : end
    }

    /// `8-4-4-4-12` hex groups.
    func uuid(at index: Int) -> Int? {
        var position = index
        for (number, length) in [8, 4, 4, 4, 12].enumerated() {
            let end = run(position, isHex)
            guard end - position == length else { return nil }
            position = end
            if number < 4 {
                guard position < input.count, input[position] == "-" else { return nil }
                position += 1
            }
        }
        return isWord(position) ? nil : position
    }

    /// `2026-11-22T03:39:32Z`, `2026-11-22 03:39`, `03:39:32.123`.
    func timestamp(at index: Int) -> Int? {
        if let end = digits(index, 4), dash(end), let month = digits(end + 1, 2), dash(month),
            let day = digits(month + 1, 2)
        {
            var position = day
            if position + 1 < input.count, input[position] == "T" || input[position] == " ",
                let time = clock(position + 1)
            {
                position = time
                if position < input.count, input[position] == "Z" { position += 1 }
            }
            return isWord(position) ? nil : position
        }
        if let end = clock(index), end - index >= 8 { return end }
        return nil
    }

    private func dash(_ index: Int) -> Bool { index < input.count && input[index] == "-" }

    private func digits(_ index: Int, _ count: Int) -> Int? {
        run(index, isDigit) - index == count ? index + count : nil
    }

    /// `HH:MM` or `HH:MM:SS(.fff)`.
    private func clock(_ index: Int) -> Int? {
        guard let hours = digits(index, 2), hours < input.count, input[hours] == ":", let minutes = digits(hours + 1, 2)
        else { return nil }
        var position = minutes
        if position < input.count, input[position] == ":", let seconds = digits(position + 1, 2) {
            position = seconds
            if position + 1 < input.count, input[position] == ".", isDigit(position + 1) {
                position = run(position + 1, isDigit)
            }
        }
        return position
    }

    /// `/Users/ci/App/File.swift`, `~/Library/…`: a token starting with `/` or `~/` holding another `/`.
    func path(at index: Int) -> Int? {
        let start: Int
        if input[index] == "/" {
            start = index
        } else if input[index] == "~", index + 1 < input.count, input[index + 1] == "/" {
            start = index + 1
        } else {
            return nil
        }
        let stops: Set<Unicode.Scalar> = [" ", "\t", "\n", "\"", "'", ")", "(", ",", ">", "<", ":", "]", "`"]
        let end = run(start + 1) { $0 < input.count && !stops.contains(input[$0]) }
        let slashes = input[start..<end].filter { $0 == "/" }.count
        return slashes >= 2 && end > start + 2 ? end : nil
    }

    /// `{{0.0, 20.0}, {375.0, 44.0}}` or `[[16,79],[43,43]]`.
    func frame(at index: Int) -> Int? {
        guard index + 1 < input.count else { return nil }
        let (open, close): (Unicode.Scalar, Unicode.Scalar) = input[index] == "{" ? ("{", "}") : ("[", "]")
        guard input[index] == open, input[index + 1] == open else { return nil }
        var depth = 0
        var position = index
        while position < input.count {
            let scalar = input[position]
            if scalar == open {
                depth += 1
            } else if scalar == close {
                depth -= 1
                if depth == 0 { return position + 1 }
            } else if !(isDigit(position) || scalar == "." || scalar == "," || scalar == " " || scalar == "-"
                || scalar == "e")
            {
                return nil
            }
            position += 1
        }
        return nil
    }

    /// `42`, `3.5`, `0,012`, `1,234.5`.
    func number(at index: Int) -> Int? {
        guard isDigit(index) else { return nil }
        var end = run(index, isDigit)
        while end + 1 < input.count, input[end] == "." || input[end] == ",", isDigit(end + 1) {
            end = run(end + 1, isDigit)
        }
        return end
    }

    /// The end of a duration unit after a number (`s`, `ms`, ` seconds`, `min`), if one follows.
    func durationUnit(at index: Int) -> Int? {
        var position = index
        if position < input.count, input[position] == " " { position += 1 }
        let end = run(position) { $0 < input.count && input[$0].properties.isAlphabetic }
        guard end > position else { return nil }
        let word = String(String.UnicodeScalarView(input[position..<end])).lowercased()
        let units: Set<String> = [
            "s", "ms", "sec", "secs", "second", "seconds", "min", "mins", "minute", "minutes", "h", "hours", "µs", "ns",
        ]
        return units.contains(word) ? end : nil
    }
}
