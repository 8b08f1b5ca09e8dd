import Foundation
import HeraldCore
import HeraldUseCases
import Hummingbird

/// A person's own quiet hours and snoozed services (issue 26).
struct QuietHoursController {
    let auth: RequestAuthenticator
    let decoding: RequestDecoding
    let quietHours: QuietHoursChoices
    let clock: WallClock

    func addRoutes(to group: RouterGroup<HeraldRequestContext>) {
        group.get("users/user/quiet-hours", use: show)
        group.put("users/user/quiet-hours", use: replace)
        group.delete("users/user/quiet-hours", use: clear)
        group.get("users/user/snoozes", use: snoozes)
        group.put("users/user/services/{service_id}/snooze", use: snooze)
        group.delete("users/user/services/{service_id}/snooze", use: unsnooze)
    }

    struct Window: Codable {
        var days: [String]
        var from: String
        var until: String
    }

    struct Input: Decodable {
        var time_zone: String
        var windows: [Window]
        var break_through: String?
        var quieting: String?
    }

    struct Body: Encodable {
        /// Nil: no quiet hours (everything arrives as usual).
        var time_zone: String?
        var windows: [Window]
        var break_through: String
        var quieting: String

        init(_ hours: QuietHours?) {
            time_zone = hours?.zone.name
            windows = (hours?.windows ?? []).map { window in
                Window(
                    days: window.weekdays.sorted().map { QuietHoursChoices.dayNames[$0 - 1] }, from: Self.clock(window.from), until: Self.clock(window.until)
                )
            }
            break_through = (hours?.breakThrough ?? .critical).rawValue
            quieting = (hours?.quieting ?? .quietly).rawValue
        }

        static func clock(_ minutes: Int) -> String { String(format: "%02d:%02d", minutes / 60, minutes % 60) }

        enum CodingKeys: String, CodingKey { case time_zone, windows, break_through, quieting }

        /// `time_zone` is null rather than absent when there are no quiet hours.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(time_zone, forKey: .time_zone)
            try container.encode(windows, forKey: .windows)
            try container.encode(break_through, forKey: .break_through)
            try container.encode(quieting, forKey: .quieting)
        }
    }

    struct SnoozeInput: Decodable {
        /// `1h`, `8h` or `tomorrow`.
        var length: String
    }

    struct SnoozeBody: Encodable {
        var service_id: String
        var until: String
    }

    @Sendable func show(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await auth.user(request, context: context)
        return JSONBody.response(Body(try await quietHours.quietHours(of: user)))
    }

    @Sendable func replace(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await auth.user(request, context: context)
        let input = try await decoding.json(Input.self, from: request)
        let hours = try await quietHours.set(
            timeZone: input.time_zone, windows: input.windows.map { .init(days: $0.days, from: $0.from, until: $0.until) },
            breakThrough: input.break_through, quieting: input.quieting, for: user, logger: context.logger
        )
        return JSONBody.response(Body(hours))
    }

    @Sendable func clear(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await auth.user(request, context: context)
        try await quietHours.clear(for: user, logger: context.logger)
        return JSONBody.noContent()
    }

    @Sendable func snoozes(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await auth.user(request, context: context)
        let running = try await quietHours.snoozes(of: user)
        return JSONBody.response(
            running.sorted { $0.key.wireString < $1.key.wireString }.map { SnoozeBody(service_id: $0.key.wireString, until: Timestamp.wireString($0.value)) }
        )
    }

    @Sendable func snooze(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await auth.user(request, context: context)
        let serviceID = try Identifiers.serviceID(context)
        let input = try await decoding.json(SnoozeInput.self, from: request)
        guard let length = QuietHoursChoices.SnoozeLength(rawValue: input.length) else {
            throw UseCaseError.invalid(field: "length", "A snooze lasts 1h, 8h or until tomorrow (tomorrow)")
        }
        let until = try await quietHours.snooze(serviceID, for: length, user: user, logger: context.logger)
        return JSONBody.response(SnoozeBody(service_id: serviceID.wireString, until: Timestamp.wireString(until ?? clock.now())))
    }

    @Sendable func unsnooze(_ request: Request, context: HeraldRequestContext) async throws -> Response {
        let user = try await auth.user(request, context: context)
        _ = try await quietHours.snooze(try Identifiers.serviceID(context), for: nil, user: user, logger: context.logger)
        return JSONBody.noContent()
    }
}
