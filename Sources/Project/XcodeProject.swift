// What an Xcode project (`*.xcodeproj/project.pbxproj`) says about its targets: their
// Swift files, the targets and local package products they depend on, and their
// deployment targets.
import Foundation

/// The targets of one Xcode project, read from its `project.pbxproj`.
public struct XcodeProject: Sendable {
    /// A file-system-synchronized folder (Xcode 16): every file below it belongs to the
    /// target except `excluded` (paths relative to the folder; a folder excludes all below it).
    public struct SynchronizedFolder: Sendable, Hashable {
        public var path: String
        public var excluded: Set<String>

        public init(path: String, excluded: Set<String>) {
            self.path = path
            self.excluded = excluded
        }

        /// Whether the file at `relativePath` (below the folder) is a member.
        public func includes(_ relativePath: String) -> Bool {
            !excluded.contains { relativePath == $0 || relativePath.hasPrefix($0 + "/") }
        }
    }

    /// A package product a target links.
    public struct PackageProduct: Sendable, Hashable {
        public var name: String
        /// The directory of the local package (`XCLocalSwiftPackageReference`); nil when
        /// the reference names no local package (a remote one, or one the workspace adds).
        public var localPackagePath: String?
        /// Whether it comes from a remote package (`XCRemoteSwiftPackageReference`).
        public var isRemote: Bool

        public init(name: String, localPackagePath: String?, isRemote: Bool) {
            self.name = name
            self.localPackagePath = localPackagePath
            self.isRemote = isRemote
        }
    }

    /// A native target.
    public struct Target: Sendable {
        public var name: String
        public var productType: String?
        /// Absolute paths of the Swift files its sources build phase lists.
        public var sourceFiles: [String]
        public var synchronizedFolders: [SynchronizedFolder]
        /// Names of the targets of this project it depends on.
        public var dependencies: [String]
        public var packageProducts: [PackageProduct]
        /// Platform name (`iOS`, `macOS`, `tvOS`, `watchOS`, `visionOS`) → lowest version
        /// over the target's build configurations (target settings override the project's).
        public var deploymentTargets: [String: String]
    }

    /// The `.xcodeproj` directory.
    public var path: String
    /// The directory paths in the project resolve against (`SOURCE_ROOT`).
    public var sourceRoot: String
    public var targets: [Target]
    /// Directories of the local packages the project references, by
    /// `XCLocalSwiftPackageReference` or as folder references (Xcode 15 and earlier).
    public var localPackagePaths: [String]

    /// The project's name: its directory's name without `.xcodeproj`.
    public var name: String {
        let last = ProjectPaths.lastComponent(path)
        return last.hasSuffix(".xcodeproj") ? String(last.dropLast(".xcodeproj".count)) : last
    }

    /// Build settings that carry a deployment target, and the platform each names.
    public static let deploymentTargetSettings: [(setting: String, platform: String)] = [
        ("IPHONEOS_DEPLOYMENT_TARGET", "iOS"), ("MACOSX_DEPLOYMENT_TARGET", "macOS"),
        ("TVOS_DEPLOYMENT_TARGET", "tvOS"), ("WATCHOS_DEPLOYMENT_TARGET", "watchOS"),
        ("XROS_DEPLOYMENT_TARGET", "visionOS"),
    ]

    /// Reads `<path>/project.pbxproj`; nil when it is missing or not a property list. The
    /// file is read each time (an edited project is parsed again); a parse of the same bytes
    /// at the same path is remembered: the model and the package settings both read the
    /// project above a file no module's settings cover.
    public static func read(path: String) -> XcodeProject? {
        guard let data = FileManager.default.contents(atPath: ProjectPaths.join(path, "project.pbxproj")) else { return nil }
        let bytes = Array(data)
        if let known = ProjectMemo.shared.project(at: path, for: bytes) { return known }
        guard let project = try? XcodeProject(pbxproj: bytes, path: path) else { return nil }
        ProjectMemo.shared.keep(project, at: path, for: bytes)
        return project
    }

    /// Reads the contents of a `project.pbxproj` of the project at `path` (the
    /// `.xcodeproj` directory, absolute).
    public init(pbxproj bytes: [UInt8], path: String) throws(PropertyListError) {
        let plist = try PropertyList.parse(bytes)
        self.path = path
        let objects = plist["objects"]?.dictionary ?? [:]
        let rootID = plist["rootObject"]?.string ?? ""
        let root = objects[rootID]
        let projectDirectory = ProjectPaths.directory(of: path)
        let projectDirPath = root?["projectDirPath"]?.string ?? ""
        sourceRoot = projectDirPath.isEmpty ? projectDirectory : ProjectPaths.resolve(projectDirPath, against: projectDirectory)
        let resolver = GroupTree(objects: objects, mainGroup: root?["mainGroup"]?.string, sourceRoot: sourceRoot)

        // Exception sets of synchronized folders, by folder.
        var nativeTargetIDs = root?["targets"]?.strings ?? []
        nativeTargetIDs.removeAll { objects[$0]?["isa"]?.string != "PBXNativeTarget" }
        var additionalFiles: [String: [String]] = [:]  // target id → files added from folders it does not list
        for targetID in nativeTargetIDs {
            let listed = Set(objects[targetID]?["fileSystemSynchronizedGroups"]?.strings ?? [])
            for (groupID, folder) in resolver.synchronizedFolders.sorted(by: { $0.key < $1.key }) {
                for setID in objects[groupID]?["exceptions"]?.strings ?? [] {
                    guard let set = objects[setID], set["isa"]?.string == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                          set["target"]?.string == targetID, !listed.contains(groupID) else { continue }
                    for name in set["membershipExceptions"]?.strings ?? [] where name.hasSuffix(".swift") {
                        additionalFiles[targetID, default: []].append(ProjectPaths.join(folder, name))
                    }
                }
            }
        }

        let projectSettings = XcodeProject.configurations(objects, listID: root?["buildConfigurationList"]?.string)
        var targets: [Target] = []
        for targetID in nativeTargetIDs {
            guard let target = objects[targetID] else { continue }
            var files: [String] = []
            for phaseID in target["buildPhases"]?.strings ?? [] where objects[phaseID]?["isa"]?.string == "PBXSourcesBuildPhase" {
                for buildFileID in objects[phaseID]?["files"]?.strings ?? [] {
                    guard let fileRef = objects[buildFileID]?["fileRef"]?.string,
                          let file = resolver.path(of: fileRef), file.hasSuffix(".swift") else { continue }
                    files.append(file)
                }
            }
            files += additionalFiles[targetID] ?? []
            var folders: [SynchronizedFolder] = []
            for groupID in target["fileSystemSynchronizedGroups"]?.strings ?? [] {
                guard let folder = resolver.synchronizedFolders[groupID] else { continue }
                var excluded = Set<String>()
                for setID in objects[groupID]?["exceptions"]?.strings ?? [] {
                    guard let set = objects[setID], set["isa"]?.string == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                          set["target"]?.string == targetID else { continue }
                    excluded.formUnion(set["membershipExceptions"]?.strings ?? [])
                }
                folders.append(SynchronizedFolder(path: folder, excluded: excluded))
            }
            var dependencies: [String] = []
            for dependencyID in target["dependencies"]?.strings ?? [] {
                guard let dependency = objects[dependencyID] else { continue }
                var dependedID = dependency["target"]?.string
                if dependedID == nil, let proxyID = dependency["targetProxy"]?.string, let proxy = objects[proxyID],
                   proxy["containerPortal"]?.string == rootID {
                    dependedID = proxy["remoteGlobalIDString"]?.string
                }
                if let dependedID, let name = objects[dependedID]?["name"]?.string { dependencies.append(name) }
            }
            var products: [PackageProduct] = []
            for productID in target["packageProductDependencies"]?.strings ?? [] {
                guard let product = objects[productID], var name = product["productName"]?.string else { continue }
                if name.hasPrefix("plugin:") { continue }
                if let colon = name.firstIndex(of: ":") { name = String(name[name.index(after: colon)...]) }
                let package = product["package"]?.string.flatMap { objects[$0] }
                let local = package?["isa"]?.string == "XCLocalSwiftPackageReference"
                    ? package?["relativePath"]?.string.map { ProjectPaths.resolve($0, against: projectDirectory) } : nil
                products.append(PackageProduct(name: name, localPackagePath: local,
                                               isRemote: package?["isa"]?.string == "XCRemoteSwiftPackageReference"))
            }
            let targetSettings = XcodeProject.configurations(objects, listID: target["buildConfigurationList"]?.string)
            targets.append(Target(name: target["name"]?.string ?? targetID, productType: target["productType"]?.string,
                                  sourceFiles: files, synchronizedFolders: folders, dependencies: dependencies,
                                  packageProducts: products,
                                  deploymentTargets: XcodeProject.deploymentTargets(target: targetSettings, project: projectSettings)))
        }
        self.targets = targets

        var packages: [String] = []
        for id in root?["packageReferences"]?.strings ?? [] where objects[id]?["isa"]?.string == "XCLocalSwiftPackageReference" {
            if let relative = objects[id]?["relativePath"]?.string {
                packages.append(ProjectPaths.resolve(relative, against: projectDirectory))
            }
        }
        packages += resolver.folderReferences
        localPackagePaths = packages
    }

    /// Configuration name → build settings of a configuration list.
    private static func configurations(_ objects: [String: PropertyList], listID: String?) -> [String: [String: PropertyList]] {
        var result: [String: [String: PropertyList]] = [:]
        for id in listID.flatMap({ objects[$0]?["buildConfigurations"]?.strings }) ?? [] {
            guard let configuration = objects[id] else { continue }
            result[configuration["name"]?.string ?? id] = configuration["buildSettings"]?.dictionary ?? [:]
        }
        return result
    }

    /// Per platform, the lowest version over the configurations; in each, the target's
    /// setting, else the project's configuration of the same name.
    private static func deploymentTargets(target: [String: [String: PropertyList]],
                                          project: [String: [String: PropertyList]]) -> [String: String] {
        var result: [String: String] = [:]
        let names = Set(target.keys).union(project.keys).sorted()
        for name in names {
            for (setting, platform) in deploymentTargetSettings {
                guard let value = target[name]?[setting]?.string ?? project[name]?[setting]?.string,
                      OSVersion.isVersion(value) else { continue }
                result[platform] = result[platform].map { OSVersion.lower($0, value) } ?? value
            }
        }
        return result
    }
}

/// Paths of the files and folders of a project's group tree.
private struct GroupTree {
    /// Object id → absolute path, for every group and file reference reached from the main group.
    private var paths: [String: String] = [:]
    /// Synchronized root group id → absolute folder path.
    var synchronizedFolders: [String: String] = [:]
    /// Folder references (no file extension) that may be local packages.
    var folderReferences: [String] = []

    init(objects: [String: PropertyList], mainGroup: String?, sourceRoot: String) {
        guard let mainGroup else { return }
        var stack: [(id: String, parent: String, depth: Int)] = [(mainGroup, sourceRoot, 0)]
        while let (id, parent, depth) = stack.popLast() {
            guard depth < 256, paths[id] == nil, let object = objects[id] else { continue }
            let isa = object["isa"]?.string ?? ""
            let own = object["path"]?.string
            let base: String?
            switch object["sourceTree"]?.string ?? "<group>" {
            case "<group>": base = parent
            case "SOURCE_ROOT": base = sourceRoot
            case "<absolute>": base = "/"
            default: base = nil  // BUILT_PRODUCTS_DIR, SDKROOT, DEVELOPER_DIR: outside the sources
            }
            guard let base else { continue }
            let resolved = own.map { ProjectPaths.resolve($0, against: base) } ?? base
            paths[id] = resolved
            switch isa {
            case "PBXFileSystemSynchronizedRootGroup":
                synchronizedFolders[id] = resolved
            case "PBXFileReference":
                if let own, !ProjectPaths.lastComponent(own).contains(".") || object["lastKnownFileType"]?.string == "wrapper" {
                    folderReferences.append(resolved)
                }
            default:
                break
            }
            for child in (object["children"]?.strings ?? []).reversed() { stack.append((child, resolved, depth + 1)) }
        }
    }

    func path(of id: String) -> String? { paths[id] }
}
