/// One entry of xcresulttool's `devices` list.
struct XCResultDevice: Equatable {
    var id: String?
    var name: String
    var osVersion: String?

    /// `iPhone 16 Pro (18.2)`: the device as a test identity names it, like trainer's JUnit does.
    var displayName: String {
        guard let osVersion, !osVersion.isEmpty else { return name }
        return "\(name) (\(osVersion))"
    }

    static func list(_ value: JSONValue?) -> [XCResultDevice] {
        (value?.array ?? []).compactMap { entry in
            guard let name = entry["deviceName"]?.text ?? entry["modelName"]?.text else { return nil }
            return XCResultDevice(id: entry["deviceId"]?.text, name: name, osVersion: entry["osVersion"]?.text)
        }
    }
}
