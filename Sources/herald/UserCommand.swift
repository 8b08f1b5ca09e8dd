import ArgumentParser
import Foundation
import HeraldIdentity
import HeraldCore
import HeraldServer
import HeraldUseCases

struct UserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user",
        abstract: "Manage accounts (works while a server runs on the same database).",
        subcommands: [Add.self, Passwd.self, Delete.self, List.self, Link.self, Unlink.self]
    )

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create a local account.")

        @Argument(help: "User name (stored in lower case, as logins are).") var name: String
        @Flag(help: "Make the user an admin.") var admin = false
        @Flag(help: "Read the password from standard input (one line).") var passwordStdin = false

        func run() async throws {
            let (config, logger) = try await CommandEnvironment.load()
            let username = try UserCommand.normalised(name)
            let password = try UserCommand.readPassword(fromStdin: passwordStdin)
            let user = try await HeraldServer.withStore(config: config, logger: logger) { store in
                try await UserCommand.answering {
                    try await UserCommand.accounts(store, config: config).create(
                        username: username, password: password, isAdmin: admin || config.adminUsers.contains(username), by: .commandLine, logger: logger
                    )
                }
            }
            print("created user '\(user.username)'\(user.isAdmin ? " (admin)" : "")")
        }
    }

    struct Passwd: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Set a local account's password.")

        @Argument(help: "User name.") var name: String
        @Flag(help: "Read the password from standard input (one line).") var passwordStdin = false

        func run() async throws {
            let (config, logger) = try await CommandEnvironment.load()
            let username = try UserCommand.normalised(name)
            let password = try UserCommand.readPassword(fromStdin: passwordStdin)
            try await HeraldServer.withStore(config: config, logger: logger) { store in
                // Its tokens issued before now stop working, wherever they are.
                try await UserCommand.answering {
                    try await UserCommand.accounts(store, config: config).setPassword(username: username, password: password, by: .commandLine, logger: logger)
                }
            }
            print("password changed for '\(username)'; tokens issued before now are refused")
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete an account with its devices, subscriptions and inbox.")

        @Argument(help: "User name.") var name: String

        func run() async throws {
            let (config, logger) = try await CommandEnvironment.load()
            let deleted = try await HeraldServer.withStore(config: config, logger: logger) { store in
                try await UserCommand.answering { try await UserCommand.accounts(store, config: config).delete(named: name, by: .commandLine, logger: logger) }
            }
            print("deleted user '\(deleted.username)'")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List accounts: name, origin (local, ldap, url, oidc, demo) and linked methods, last login, flags."
        )

        func run() async throws {
            let (config, logger) = try await CommandEnvironment.load()
            let users = try await HeraldServer.withStore(config: config, logger: logger) { store in
                var listed: [(User, [AccountIdentity])] = []
                for user in try await store.users() { listed.append((user, try await store.identities(userID: user.id))) }
                return listed
            }
            for (user, identities) in users {
                let flags = [user.isAdmin ? "admin" : nil, user.isActive ? nil : "inactive"].compactMap { $0 }
                let lastLogin = user.lastLoginAt.map(Timestamp.wireString) ?? "never"
                let origins = [user.origin.rawValue] + identities.map(\.description)
                print([user.username, origins.joined(separator: " + "), lastLogin, flags.joined(separator: ",")].joined(separator: "\t"))
            }
        }
    }

    /// An admin's explicit link: a login through another method with the
    /// account's name reaches it (by default such a login is refused with
    /// 409, so that no identity provider hands out local accounts).
    struct Link: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Let another sign-in method reach an account: ldap, url, or oidc with --issuer and --subject."
        )

        @Argument(help: "User name.") var name: String
        @Option(help: "The method: ldap, url or oidc.") var method: String
        @Option(help: "For oidc: the provider's issuer (the `iss` of its ID tokens).") var issuer: String?
        @Option(help: "For oidc, required: the person's subject (`sub`) at the provider.") var subject: String?

        func run() async throws {
            let (config, logger) = try await CommandEnvironment.load()
            guard let origin = AccountOrigin(rawValue: method.lowercased()) else { throw ValidationError("--method is ldap, url or oidc") }
            let identity = try await HeraldServer.withStore(config: config, logger: logger) { store in
                try await UserCommand.answering { try await AccountLinks(store: store, clock: .system).link(
                    username: name, origin: origin, issuer: issuer, subject: subject, by: .commandLine, logger: logger
                ) }
            }
            print("linked \(identity.description) to '\(try UserCommand.normalised(name))'")
        }
    }

    struct Unlink: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a sign-in method linked to an account.")

        @Argument(help: "User name.") var name: String
        @Option(help: "The method: ldap, url or oidc.") var method: String
        @Option(help: "For oidc: the provider's issuer.") var issuer: String?

        func run() async throws {
            let (config, logger) = try await CommandEnvironment.load()
            guard let origin = AccountOrigin(rawValue: method.lowercased()) else { throw ValidationError("--method is ldap, url or oidc") }
            try await HeraldServer.withStore(config: config, logger: logger) { store in
                try await UserCommand.answering { try await AccountLinks(store: store, clock: .system).unlink(
                    username: name, origin: origin, issuer: issuer, by: .commandLine, logger: logger
                ) }
            }
            print("unlinked \(origin.rawValue) from '\(try UserCommand.normalised(name))'")
        }
    }

    /// A use case's refusal as the command's error line.
    static func answering<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        do { return try await body() } catch let error as UseCaseError { throw ValidationError(error.description) }
    }

    /// The accounts use case, as the server makes it (bcrypt at the configured cost).
    static func accounts(_ store: any HeraldStore, config: HeraldConfig) -> UserAccounts {
        UserAccounts(store: store, clock: .system) { [cost = config.bcryptCost] password in PasswordHashing.hashBlocking(password, cost: cost) }
    }

    /// The name as stored, or the rule it breaks as the command's error line.
    static func normalised(_ name: String) throws -> String {
        do { return try UserAccounts.username(name) } catch { throw ValidationError(error.description) }
    }

    /// Passwords never come from the command line, where `ps` would show them.
    static func readPassword(fromStdin: Bool) throws -> String {
        let password: String?
        if fromStdin {
            password = readLine(strippingNewline: true)
        } else {
            guard isatty(STDIN_FILENO) == 1 else { throw ValidationError("standard input is not a terminal: pass --password-stdin") }
            password = String(cString: getpass("Password: "))
        }
        guard let password else { throw ValidationError("no password read") }
        return password
    }
}
