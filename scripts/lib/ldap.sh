# A throwaway OpenLDAP directory for the tests: Debian's slapd with a
# configuration of its own in a temporary folder (never the system's), on
# loopback ports (ldap:// and ldaps:// with a test CA), seeded with users.
# Sourced by scripts/test after scripts/lib/postgres.sh (free_port).

start_ldap() {
    LDAP_DIR=$(mktemp -d /tmp/herald-ldap.XXXXXX)
    local port tls_port
    port=$(free_port)
    tls_port=$(free_port)
    mkdir -p "$LDAP_DIR/data"
    # A CA and a certificate for 127.0.0.1, so ldaps:// and StartTLS are real.
    openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=Herald test CA" \
        -keyout "$LDAP_DIR/ca.key" -out "$LDAP_DIR/ca.pem" >/dev/null 2>&1
    openssl req -newkey rsa:2048 -nodes -subj "/CN=127.0.0.1" -keyout "$LDAP_DIR/server.key" -out "$LDAP_DIR/server.csr" >/dev/null 2>&1
    printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\n' >"$LDAP_DIR/san.ext"
    openssl x509 -req -in "$LDAP_DIR/server.csr" -CA "$LDAP_DIR/ca.pem" -CAkey "$LDAP_DIR/ca.key" -CAcreateserial -days 2 \
        -extfile "$LDAP_DIR/san.ext" -out "$LDAP_DIR/server.pem" >/dev/null 2>&1
    cat >"$LDAP_DIR/slapd.conf" <<CONF
include /etc/ldap/schema/core.schema
include /etc/ldap/schema/cosine.schema
include /etc/ldap/schema/inetorgperson.schema
include /etc/ldap/schema/nis.schema
pidfile $LDAP_DIR/slapd.pid
modulepath /usr/lib/ldap
moduleload back_mdb
moduleload memberof
TLSCACertificateFile $LDAP_DIR/ca.pem
TLSCertificateFile $LDAP_DIR/server.pem
TLSCertificateKeyFile $LDAP_DIR/server.key
database mdb
maxsize 104857600
suffix "dc=example,dc=org"
rootdn "cn=admin,dc=example,dc=org"
rootpw test-admin-password
directory $LDAP_DIR/data
# memberOf on each person, as Active Directory keeps it (teams read either way).
overlay memberof
memberof-refint TRUE
access to attrs=userPassword by anonymous auth by self write by * none
access to * by users read by * none
CONF
    /usr/sbin/slapd -f "$LDAP_DIR/slapd.conf" -h "ldap://127.0.0.1:$port/ ldaps://127.0.0.1:$tls_port/" 2>"$LDAP_DIR/slapd.log" || {
        cat "$LDAP_DIR/slapd.log" >&2
        echo "slapd did not start" >&2
        return 1
    }
    local tries=0
    until ldapsearch -x -H "ldap://127.0.0.1:$port" -D "cn=admin,dc=example,dc=org" -w test-admin-password -b "" -s base >/dev/null 2>&1; do
        tries=$((tries + 1))
        if ((tries > 100)); then
            echo "slapd did not answer" >&2
            return 1
        fi
        sleep 0.1
    done
    ldapadd -x -H "ldap://127.0.0.1:$port" -D "cn=admin,dc=example,dc=org" -w test-admin-password >"$LDAP_DIR/seed.log" 2>&1 <<'LDIF' || { cat "$LDAP_DIR/seed.log" >&2; return 1; }
dn: dc=example,dc=org
objectClass: dcObject
objectClass: organization
o: Example
dc: example

dn: ou=people,dc=example,dc=org
objectClass: organizationalUnit
ou: people

dn: ou=groups,dc=example,dc=org
objectClass: organizationalUnit
ou: groups

dn: uid=alice,ou=people,dc=example,dc=org
objectClass: inetOrgPerson
uid: alice
cn: Alice
sn: Liddell
mail: Alice.Liddell@Example.org
userPassword: alice-directory-password

dn: uid=bob,ou=people,dc=example,dc=org
objectClass: inetOrgPerson
uid: bob
cn: Bob
sn: Builder
userPassword: bob-directory-password

dn: uid=anne\,marie,ou=people,dc=example,dc=org
objectClass: inetOrgPerson
uid: anne,marie
cn: Anne-Marie
sn: Comma
userPassword: anne-directory-password

dn: uid=carol,ou=people,dc=example,dc=org
objectClass: inetOrgPerson
uid: carol
cn: Carol
sn: Admin
userPassword: carol-directory-password

dn: uid=dave,ou=people,dc=example,dc=org
objectClass: inetOrgPerson
uid: dave
cn: Dave
sn: Sync
userPassword: dave-directory-password

dn: uid=erin,ou=people,dc=example,dc=org
objectClass: inetOrgPerson
uid: erin
cn: Erin
sn: Sync
userPassword: erin-directory-password

dn: cn=herald-admins,ou=groups,dc=example,dc=org
objectClass: groupOfNames
cn: herald-admins
member: uid=carol,ou=people,dc=example,dc=org

dn: cn=cryo-experts,ou=groups,dc=example,dc=org
objectClass: groupOfNames
cn: cryo-experts
member: uid=alice,ou=people,dc=example,dc=org

dn: cn=rf-experts,ou=groups,dc=example,dc=org
objectClass: groupOfNames
cn: rf-experts
member: uid=bob,ou=people,dc=example,dc=org

dn: cn=control-room,ou=groups,dc=example,dc=org
objectClass: groupOfNames
cn: control-room
member: cn=cryo-experts,ou=groups,dc=example,dc=org
member: uid=carol,ou=people,dc=example,dc=org

dn: cn=herald-reader,dc=example,dc=org
objectClass: organizationalRole
objectClass: simpleSecurityObject
cn: herald-reader
userPassword: reader-password
LDIF
    HERALD_TEST_LDAP_URL="ldap://127.0.0.1:$port"
    HERALD_TEST_LDAPS_URL="ldaps://127.0.0.1:$tls_port"
    HERALD_TEST_LDAP_CA="$LDAP_DIR/ca.pem"
    export LDAP_DIR HERALD_TEST_LDAP_URL HERALD_TEST_LDAPS_URL HERALD_TEST_LDAP_CA
}

stop_ldap() {
    if [[ -n "${LDAP_DIR:-}" && -f "$LDAP_DIR/slapd.pid" ]]; then
        kill "$(cat "$LDAP_DIR/slapd.pid")" 2>/dev/null || true
    fi
    [[ -n "${LDAP_DIR:-}" ]] && rm -rf "$LDAP_DIR"
}
