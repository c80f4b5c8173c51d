"""Shared fixtures: a store on each backend.

PostgreSQL tests need the library's POSTGRES_* settings (see README).
Without a reachable server they skip, saying how to enable them; with
BOARDLOG_REQUIRE_POSTGRES=1 (as in CI) they fail instead.
"""

from __future__ import annotations

import os
import uuid

import pytest
from hypothesis import HealthCheck, settings

from engine.core.store import Store, open_store

settings.register_profile("ci", max_examples=40, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=20, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci" if os.environ.get("CI") else "dev")

POSTGRES_KEYS = ("POSTGRES_DBNAME", "POSTGRES_HOST", "POSTGRES_USER", "POSTGRES_PASSWORD")
HOW_TO = ("PostgreSQL tests need a server: set POSTGRES_DBNAME, POSTGRES_HOST, POSTGRES_PORT, "
          "POSTGRES_USER, POSTGRES_PASSWORD (bash .ci/run does this)")


def postgres_env() -> dict[str, str]:
    """The PostgreSQL settings, or skip/fail as the environment asks."""
    required = os.environ.get("BOARDLOG_REQUIRE_POSTGRES") == "1"
    missing = [k for k in POSTGRES_KEYS if not os.environ.get(k)]
    if missing:
        if required:
            pytest.fail(f"BOARDLOG_REQUIRE_POSTGRES=1 but {', '.join(missing)} unset. {HOW_TO}")
        pytest.skip(HOW_TO)
    # Small pools: the suite opens many stores, and the server has ~100 connections.
    env = {"PERSISTENCE_MODULE": "eventsourcing.postgres", "POSTGRES_CONNECT_TIMEOUT": "5",
           "POSTGRES_POOL_SIZE": "2", "POSTGRES_MAX_OVERFLOW": "2"}
    env.update({k: os.environ[k] for k in (*POSTGRES_KEYS, "POSTGRES_PORT") if os.environ.get(k)})
    # A schema of its own per test keeps tests apart without dropping tables.
    env["POSTGRES_SCHEMA"] = "t_" + uuid.uuid4().hex[:12]
    return env


def make_store(backend: str, tmp_path) -> Store:
    if backend == "popo":
        return open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    if backend == "sqlite":
        return open_store(str(tmp_path / "boardlog.db"))  # env: SQLITE_DBNAME names the file
    env = postgres_env()
    _create_schema(env)
    try:
        return Store(env=env)
    except Exception as e:  # server unreachable
        if os.environ.get("BOARDLOG_REQUIRE_POSTGRES") == "1":
            pytest.fail(f"PostgreSQL unreachable: {e}")
        pytest.skip(f"PostgreSQL unreachable ({e}). {HOW_TO}")


def _create_schema(env: dict[str, str]) -> None:
    try:
        import psycopg

        with psycopg.connect(dbname=env["POSTGRES_DBNAME"], host=env["POSTGRES_HOST"],
                             port=env.get("POSTGRES_PORT", "5432"), user=env["POSTGRES_USER"],
                             password=env["POSTGRES_PASSWORD"], connect_timeout=5,
                             autocommit=True) as conn:
            conn.execute(f'CREATE SCHEMA IF NOT EXISTS "{env["POSTGRES_SCHEMA"]}"')
    except Exception as e:
        if os.environ.get("BOARDLOG_REQUIRE_POSTGRES") == "1":
            pytest.fail(f"PostgreSQL unreachable: {e}")
        pytest.skip(f"PostgreSQL unreachable ({e}). {HOW_TO}")


@pytest.fixture(params=["popo", "sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def backend(request) -> str:
    return request.param


@pytest.fixture
def store(backend, tmp_path) -> Store:
    s = make_store(backend, tmp_path)
    s.backend = backend
    yield s
    s.close()


@pytest.fixture
def memory_store() -> Store:
    s = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    yield s
    s.close()


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def shared_store(request, tmp_path) -> Store:
    """A store on a database that other processes can open too."""
    s = make_store(request.param, tmp_path)
    s.backend = request.param
    yield s
    s.close()
