// OpenLDAP's client library (Debian's libldap-dev), for directory sign-in.
#include <ldap.h>
