import AsyncHTTPClient
import Foundation
import HeraldCore
import HeraldMocks
import HeraldServer
import HeraldStore
import Hummingbird
import Logging
import NIOConcurrencyHelpers
import NIOCore
import ServiceLifecycle

/// One benchmark run against one database.
struct BenchRun: Sendable {
    let options: BenchOptions
    let location: DatabaseLocation
    let logger: Logger

    func run() async throws {
        try await MockProviders.run { mocks in
            var config = HeraldConfig(database: location, httpPort: 0, secretKey: String(repeating: "b", count: 40))
            config.limits = .unlimited
            config.delivery = try mocks.deliverySettings(
                DeliverySettings(concurrency: options.concurrency, batchSize: options.batchSize, pollSeconds: 0.5)
            )
            let opened = try await StoreFactory.open(location, logger: logger)
            let port = NIOLockedValueBox<Int?>(nil)
            let (running, runningContinuation) = AsyncStream.makeStream(of: Void.self)
            let app = try HeraldServer.buildApplication(
                config: config, opened: opened, roles: .serve(config), logger: logger,
                options: ServerOptions(onServerRunning: { channel in
                    port.withLockedValue { $0 = channel.localAddress?.port }
                    runningContinuation.yield()
                })
            )
            try await withRunningServices([app], logger: logger) {
                var started = running.makeAsyncIterator()
                _ = await started.next()
                try await measure(store: opened.store, mocks: mocks, base: "http://127.0.0.1:\(port.withLockedValue { $0 } ?? 0)")
            }
            try await opened.close()
        }
    }

    private func measure(store: any HeraldStore, mocks: MockProviders, base: String) async throws {
        let fanOut = try await store.createService(ServiceDraft(category: "Bench fan-out", color: "000000", owner: "bench"))
        let single = try await store.createService(ServiceDraft(category: "Bench single", color: "000000", owner: "bench"))
        let warmUp = try await store.createService(ServiceDraft(category: "Bench warm-up", color: "000000", owner: "bench"))
        let seedStart = ContinuousClock.now
        try await seed(store: store, service: fanOut.id, single: single.id, warmUp: warmUp.id)
        print("seeded \(options.devices) subscribed devices in \(format(ContinuousClock.now - seedStart))")

        let http = HTTPClient(eventLoopGroupProvider: .singleton)
        defer { _ = http.shutdown() }
        func post(_ service: UUID, _ title: String) async throws -> Duration {
            try await http.postNotification(base: base, service: service, title: title).latency
        }
        // Warm up both providers as a running server would be: connections
        // open, provider token and OAuth access token in hand.
        for index in 0..<4 { _ = try await post(warmUp.id, "warm-up \(index)") }
        try await mocks.waitForArrivals(8, timeout: .seconds(30))

        // The fan-out.
        let (apnsBefore, fcmBefore) = (mocks.apns.pushCount, mocks.fcm.messageCount)
        let fanOutStart = ContinuousClock.now
        let postLatency = try await post(fanOut.id, "fan-out")
        let last = try await mocks.waitForArrivals(apnsBefore + fcmBefore + options.devices, timeout: .seconds(300))
        let spread = last - fanOutStart
        let first = [mocks.apns.pushes.dropFirst(apnsBefore).first?.arrivedAt, mocks.fcm.messages.dropFirst(fcmBefore).first?.arrivedAt].compactMap { $0 }.min()
        print("POST latency (\(options.devices) subscribers): \(format(postLatency))")
        if let first { print("first push at the mocks after: \(format(first - fanOutStart))") }
        print("all \(options.devices) pushes at the mocks after: \(format(spread))")
        print("throughput: \(Int(Double(options.devices) / Stats.seconds(spread))) pushes/s")

        // Single-subscriber round trips, one at a time.
        var latencies: [Duration] = []
        for index in 0..<options.samples {
            let count = mocks.arrivals
            let start = ContinuousClock.now
            _ = try await post(single.id, "single \(index)")
            latencies.append(try await mocks.waitForArrivals(count + 1, timeout: .seconds(30)) - start)
        }
        latencies.sort()
        let p50 = latencies[latencies.count / 2]
        let p99 = latencies[min(latencies.count - 1, Int((Double(latencies.count) * 0.99).rounded(.up)) - 1)]
        print("end-to-end latency, single subscriber (\(options.samples) notifications): p50 \(format(p50)), p99 \(format(p99))")
        print("peak RSS: \(peakRSSMegabytes()) MB")
        let violations = mocks.apns.violations + mocks.fcm.violations
        print("mock protocol violations: \(violations.count)\(violations.isEmpty ? "" : " e.g. \(violations[0])")")
    }

    /// N users with a live login and one device each (alternating APNs and
    /// FCM), all subscribed to the fan-out service; the first also to `single`,
    /// the first two (one device of each platform) to `warmUp`.
    private func seed(store: any HeraldStore, service: UUID, single: UUID, warmUp: UUID) async throws {
        let expiry = Date().addingTimeInterval(86_400)
        let now = Timestamp.now()
        try await withThrowingTaskGroup(of: Void.self) { group in
            let lanes = 16
            for lane in 0..<lanes {
                group.addTask {
                    for index in stride(from: lane, to: options.devices, by: lanes) {
                        let user = try await store.createUser(username: "bench\(index)", passwordHash: nil, isAdmin: false)
                        try await store.recordLogin(userID: user.id, expiresAt: expiry)
                        let apns = index % 2 == 0
                        let token = apns ? String(format: "%064x", index) : "fcm-bench-\(index)-" + String(repeating: "x", count: 140)
                        _ = try await store.registerDevice(userID: user.id, token: token, platform: apns ? .apns : .fcm, at: now)
                        var subscriptions = [service: true]
                        if index == 0 { subscriptions[single] = true }
                        if index < 2 { subscriptions[warmUp] = true }
                        try await store.setSubscriptions(userID: user.id, subscriptions)
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    private func format(_ duration: Duration) -> String {
        let value = Stats.seconds(duration)
        return value < 1 ? String(format: "%.1f ms", value * 1000) : String(format: "%.2f s", value)
    }

    /// VmHWM: the most resident memory the process has had.
    private func peakRSSMegabytes() -> Int {
        ProcStatus.kilobytes("VmHWM", pid: getpid()).map { $0 / 1024 } ?? -1
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
