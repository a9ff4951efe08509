#!/usr/bin/env bash
# Regenerates the test certificates and keys in this directory (committed;
# the tests never run this). Needs the openssl binary (3.x).
#
#   ca.pem / ca.key         test root CA (ECDSA P-256), valid 100 years
#   other-ca.pem            an unrelated CA (the "wrong CA" case)
#   rsa2048.{pem,key}       leaf for localhost / 127.0.0.1, RSA-2048, PKCS#8
#   rsa2048.pkcs1.key       the same key as PKCS#1 (RSA PRIVATE KEY)
#   p256.{pem,key}          leaf, ECDSA P-256, PKCS#8
#   p256.sec1.key           the same key as SEC1 (EC PRIVATE KEY)
#   p384.{pem,key}          leaf, ECDSA P-384, PKCS#8
#   ed25519.{pem,key}       leaf, Ed25519, PKCS#8
#   expired.{pem,key}       leaf, ECDSA P-256, valid 2000-01-01 .. 2001-01-01
set -euo pipefail
cd "$(dirname "$0")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out ca.key
openssl req -x509 -new -key ca.key -subj "/CN=Peregrine Test CA" -days 36500 -sha256 \
    -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign -out ca.pem
openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$tmp/other.key"
openssl req -x509 -new -key "$tmp/other.key" -subj "/CN=Other CA" -days 36500 -sha256 \
    -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign -out other-ca.pem

cat > "$tmp/ext" <<EXT
basicConstraints=critical,CA:FALSE
keyUsage=critical,digitalSignature,keyEncipherment
extendedKeyUsage=serverAuth,clientAuth
subjectAltName=DNS:localhost,IP:127.0.0.1
EXT

leaf() { # name genpkey-args...
    local name=$1; shift
    openssl genpkey "$@" -out "$name.key"
    openssl req -new -key "$name.key" -subj "/CN=localhost/O=Peregrine $name" -out "$tmp/$name.csr"
    openssl x509 -req -in "$tmp/$name.csr" -CA ca.pem -CAkey ca.key -CAcreateserial \
        -days 36500 -sha256 -extfile "$tmp/ext" -out "$name.pem"
}
leaf rsa2048 -algorithm RSA -pkeyopt rsa_keygen_bits:2048
leaf p256 -algorithm EC -pkeyopt ec_paramgen_curve:P-256
leaf p384 -algorithm EC -pkeyopt ec_paramgen_curve:P-384
leaf ed25519 -algorithm ED25519
openssl rsa -in rsa2048.key -traditional -out rsa2048.pkcs1.key
openssl ec -in p256.key -out p256.sec1.key

# Expired: signed by the test CA through `openssl ca`, which takes explicit dates.
openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out expired.key
openssl req -new -key expired.key -subj "/CN=localhost/O=Peregrine expired" -out "$tmp/expired.csr"
mkdir -p "$tmp/ca"; touch "$tmp/ca/index.txt"; echo 1000 > "$tmp/ca/serial"
cat > "$tmp/ca.cnf" <<CNF
[ca]
default_ca = test
[test]
database = $tmp/ca/index.txt
serial = $tmp/ca/serial
new_certs_dir = $tmp/ca
default_md = sha256
policy = any
copy_extensions = none
[any]
commonName = supplied
organizationName = optional
CNF
openssl ca -batch -config "$tmp/ca.cnf" -cert ca.pem -keyfile ca.key -in "$tmp/expired.csr" \
    -startdate 20000101000000Z -enddate 20010101000000Z -extfile "$tmp/ext" -notext -out expired.pem
rm -f ca.srl
