# Sourced by the benchmark scripts: SERVICES services and SUBSCRIBERS users
# (signed in for a day), every user subscribed to every service with one
# device, APNs and FCM alternating. Prints the services' ids.
#   seed_subscribers DATABASE_URL SERVICES SUBSCRIBERS
seed_subscribers() {
    local url=$1 count=$2 subscribers=$3 services values
    services=$(python3 -c "import uuid; print(' '.join(str(uuid.uuid4()) for _ in range($count)))")
    values=$(for s in $services; do printf "('%s', 'Bench %s', '0000ff', 'bench')," "$s" "${s:0:4}"; done)
    psql -q "$url" >/dev/null <<SQL
INSERT INTO services (id, category, color, owner) VALUES ${values%,};
INSERT INTO users (username) SELECT 'user' || i FROM generate_series(1, $subscribers) AS i;
UPDATE users SET login_expires_at = now() + interval '1 day';
INSERT INTO subscriptions (service_id, user_id) SELECT s.id, u.id FROM services s CROSS JOIN users u;
INSERT INTO devices (user_id, token, platform, created_at, last_seen_at)
    SELECT id, CASE WHEN id % 2 = 0 THEN lpad(to_hex(id), 64, '0') ELSE 'fcm-' || id || ':bench' END,
        CASE WHEN id % 2 = 0 THEN 'apns' ELSE 'fcm' END, now(), now() FROM users;
SQL
    echo "$services"
}
