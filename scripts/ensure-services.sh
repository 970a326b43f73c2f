#!/usr/bin/env bash
# Makes sure the real servers the tests talk to are installed and running on this machine:
# PostgreSQL 15 with PostGIS 3 (127.0.0.1:5432) and Redis (127.0.0.1:6379), plus xmllint for
# XSD validation and Compose for validating docker-compose.yml. Installs missing OS packages
# with apt-get and says what it did.
set -euo pipefail

say() { printf 'ensure-services: %s\n' "$*"; }
SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
apt_updated=0
apt_install() {
  if [ "$apt_updated" -eq 0 ]; then $SUDO apt-get update -qq; apt_updated=1; fi
  say "installing $*"
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$@" >/dev/null
}

# --- packages -------------------------------------------------------------
need=()
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
command -v pg_ctlcluster >/dev/null 2>&1 || need+=(postgresql)
command -v xmllint >/dev/null 2>&1 || need+=(libxml2-utils)
# real CSW clients for test/integration/csw-clients.test.ts: OWSLib (QGIS MetaSearch's
# library, for Debian's own python) and GDAL's CSW driver (ogrinfo)
/usr/bin/python3 -c 'import owslib' >/dev/null 2>&1 || need+=(python3-owslib)
command -v ogrinfo >/dev/null 2>&1 || need+=(gdal-bin)
# real OAI-PMH client for test/integration/oai-pmh-client.test.ts: Perl HTTP::OAI's harvester
perl -MHTTP::OAI -e1 >/dev/null 2>&1 || need+=(libhttp-oai-perl)
[ ${#need[@]} -eq 0 ] || apt_install "${need[@]}"
# `docker compose config` validation of docker-compose.yml (test/integration/deployment-files):
# Debian 12 ships Compose v1 only; no Docker engine is needed for `config`, so no recommends.
if ! command -v docker-compose >/dev/null 2>&1 && ! docker compose version >/dev/null 2>&1; then
  apt_install --no-install-recommends docker-compose
fi
pgver=$(ls /etc/postgresql 2>/dev/null | sort -V | tail -n1)
if [ -z "$pgver" ]; then say "no PostgreSQL cluster found after install"; exit 1; fi
if ! ls /usr/share/postgresql/"$pgver"/extension/postgis.control >/dev/null 2>&1; then
  apt_install "postgresql-$pgver-postgis-3"
fi

# --- PostgreSQL -----------------------------------------------------------
if ! pg_isready -h 127.0.0.1 -p 5432 -q; then
  say "starting PostgreSQL $pgver"
  pg_ctlcluster --skip-systemctl-redirect "$pgver" main start || $SUDO pg_ctlcluster "$pgver" main start
  for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
fi
pg_isready -h 127.0.0.1 -p 5432 -q || { say "PostgreSQL did not come up on 127.0.0.1:5432"; exit 1; }

# --- Redis ----------------------------------------------------------------
if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  say "starting Redis"
  mkdir -p /var/lib/redis /var/log/redis 2>/dev/null || true
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save '' --appendonly no \
    --dir /var/lib/redis --logfile /var/log/redis/ci.log
  for _ in $(seq 1 30); do redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && break; sleep 0.5; done
fi
redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null || { say "Redis did not come up on 127.0.0.1:6379"; exit 1; }
say "PostgreSQL $pgver (PostGIS) and Redis are running"
