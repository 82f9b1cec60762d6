"""The hosting files in deploy/: the JupyterHub config loads for every spawner, the chart values agree.

Kubernetes is not available here, so the Zero to JupyterHub values are checked as data: the keys that
decide what a learner gets (image, default URL, limits, culling) and their agreement with the
JupyterHub configuration that tests/hub/test_jupyterhub.py runs for real.
"""

from __future__ import annotations

import json
import os
import re
import types
from pathlib import Path
from typing import Any

import pytest
import yaml
from traitlets.config import Config
from traitlets.config.loader import PyFileConfigLoader

from rummy_teach import ports as ports_module
from tests.own_loop import on_own_loop

REPO = Path(__file__).resolve().parents[2]
DEPLOY = REPO / "deploy"
HUB_CONFIG = DEPLOY / "jupyterhub" / "jupyterhub_config.py"
CHART_VALUES = DEPLOY / "zero-to-jupyterhub" / "config.yaml"
LANDING = "/voila/render/notebooks/index.ipynb"
STATE = "/tmp/rt-hub-state"
"""Never written to by these tests (they only load the config); short, as kernel sockets need."""


def load_hub_config(monkeypatch: pytest.MonkeyPatch, **environment: str) -> Config:
    """deploy/jupyterhub/jupyterhub_config.py as JupyterHub loads it, with these RUMMY_HUB_* settings."""
    for name in [name for name in os.environ if name.startswith("RUMMY_HUB_")]:
        monkeypatch.delenv(name)
    for name, value in {"RUMMY_HUB_PASSWORD": "a class password", **environment}.items():
        monkeypatch.setenv(name, value)
    loader = PyFileConfigLoader(HUB_CONFIG.name, path=str(HUB_CONFIG.parent))
    return loader.load_config()


def size_bytes(text: str) -> float:
    """'256M', '1G', '1Gi' -> bytes (what JupyterHub and Kubernetes both accept here)."""
    match = re.fullmatch(r"(\d+(?:\.\d+)?)([KMGT])i?", text)
    assert match, text
    return float(match.group(1)) * 1024 ** ("KMGT".index(match.group(2)) + 1)


@pytest.fixture(scope="module")
def chart() -> dict[str, Any]:
    """The chart values, parsed."""
    values = yaml.safe_load(CHART_VALUES.read_text(encoding="utf-8"))
    assert isinstance(values, dict)
    return values


@pytest.mark.parametrize("spawner", ["systemd", "local", "simple"])
def test_hub_config_gives_each_learner_the_lessons(
    monkeypatch: pytest.MonkeyPatch, spawner: str
) -> None:
    """Every spawner choice: Voilà's lesson list as the default URL, limits, and the idle culler."""
    config = load_hub_config(monkeypatch, RUMMY_HUB_SPAWNER=spawner, RUMMY_HUB_STATE=STATE)
    assert config.Spawner.default_url == LANDING
    assert (Path(config.Spawner.notebook_dir) / "notebooks" / "index.ipynb").is_file()
    assert config.Spawner.mem_limit == "1G"
    assert config.Spawner.cpu_limit == 1.0
    assert (
        config.JupyterHub.spawner_class
        == {
            "systemd": "systemdspawner.SystemdSpawner",
            "local": "localprocess",
            "simple": "simple",
        }[spawner]
    )
    voila_settings = Path(config.Spawner.environment["JUPYTER_CONFIG_PATH"]) / "jupyter_config.json"
    voila = json.loads(voila_settings.read_text(encoding="utf-8"))
    assert voila["VoilaConfiguration"]["template"] == "rummy"
    assert voila["VoilaConfiguration"]["show_tracebacks"] is False
    assert voila["MappingKernelManager"]["cull_idle_timeout"] > 0
    template = Path(config.Spawner.environment["JUPYTER_PATH"]) / "voila" / "templates" / "rummy"
    assert (template / "index.html.j2").is_file()
    (culler,) = config.JupyterHub.services
    assert culler["command"][1:3] == ["-m", "jupyterhub_idle_culler"]
    assert "--timeout=1800" in culler["command"]
    (role,) = config.JupyterHub.load_roles
    assert role["services"] == [culler["name"]]
    assert {"list:users", "read:users:activity", "delete:servers"} <= set(role["scopes"])
    assert config.SharedPasswordAuthenticator.user_password == "a class password"
    assert config.JupyterHub.bind_url.startswith("http://127.0.0.1:")


def test_each_learners_server_gets_a_free_port_no_outgoing_connection_can_hold(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The hub's learners take their ports from rummy_teach.ports (a learner's server once failed
    to start on a port an outgoing connection held): below the ephemeral range, each its own, and
    never one the tests' servers take."""
    config = load_hub_config(monkeypatch, RUMMY_HUB_SPAWNER="simple", RUMMY_HUB_STATE=STATE)
    spawners = [types.SimpleNamespace(port=0) for _ in range(30)]
    for spawner in spawners:
        config.Spawner.pre_spawn_hook(spawner)
    ports = {spawner.port for spawner in spawners}
    tests_ports = {ports_module.listening_port(part=0, parts=2) for _ in range(30)}
    assert len(ports) == 30
    assert all(1024 <= port < ports_module.first_ephemeral_port() for port in ports)
    assert not ports & tests_ports


def test_systemd_learners_servers_get_such_a_port_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """SystemdSpawner (the default route) picks its own port in ``start()``, after the pre-spawn
    hook, from the ephemeral range: under this config it takes one from rummy_teach.ports, and the
    server is told to listen on the port the hub then connects to. systemd itself is faked."""
    systemd_spawner = pytest.importorskip("systemdspawner.systemdspawner")
    from jupyterhub.objects import Hub

    monkeypatch.setattr(systemd_spawner, "random_port", systemd_spawner.random_port)  # restored
    config = load_hub_config(monkeypatch, RUMMY_HUB_SPAWNER="systemd", RUMMY_HUB_STATE=STATE)
    assert config.JupyterHub.spawner_class == "systemdspawner.SystemdSpawner"
    started: list[dict[str, Any]] = []

    async def start_unit(unit: str, **settings: Any) -> None:
        started.append(settings)

    async def answer(*args: Any, **kwargs: Any) -> Any:
        return None if not args else False

    for name in ("service_running", "service_failed"):
        monkeypatch.setattr(systemd_spawner.systemd, name, answer)
    monkeypatch.setattr(systemd_spawner.systemd, "start_transient_service", start_unit)
    learners = []
    for number in range(10):
        user = types.SimpleNamespace(name=f"learner{number}", id=number, url=f"/user/{number}/")
        spawner = systemd_spawner.SystemdSpawner(config=config, user=user, hub=Hub())
        monkeypatch.setattr(spawner, "poll", answer)
        config.Spawner.pre_spawn_hook(spawner)
        learners.append(on_own_loop(spawner.start()))
    ports = {port for _, port in learners}
    assert len(ports) == 10
    assert all(1024 <= port < ports_module.first_ephemeral_port() for port in ports)
    told = [settings["environment_variables"]["JUPYTERHUB_SERVICE_URL"] for settings in started]
    assert told == [f"http://127.0.0.1:{port}/" for _, port in learners]


def test_hub_config_refuses_to_start_without_a_password(monkeypatch: pytest.MonkeyPatch) -> None:
    """No learners' password set: a clear stop, not a hub nobody can log in to."""
    with pytest.raises(SystemExit, match="RUMMY_HUB_PASSWORD"):
        load_hub_config(monkeypatch, RUMMY_HUB_PASSWORD="")


def test_hub_config_limits_and_culling_come_from_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A bigger machine's choices reach the spawner and the culler."""
    config = load_hub_config(
        monkeypatch,
        RUMMY_HUB_SPAWNER="simple",
        RUMMY_HUB_STATE=STATE,
        RUMMY_HUB_MEM_LIMIT="512M",
        RUMMY_HUB_CPU_LIMIT="0.5",
        RUMMY_HUB_CULL_IDLE="600",
    )
    assert (config.Spawner.mem_limit, config.Spawner.cpu_limit) == ("512M", 0.5)
    assert "--timeout=600" in config.JupyterHub.services[0]["command"]


def test_chart_values_open_the_lessons_from_the_binder_image(chart: dict[str, Any]) -> None:
    """The single-user pod: an image (built from binder/), the lesson list as default URL."""
    singleuser = chart["singleuser"]
    assert singleuser["defaultUrl"] == LANDING
    assert singleuser["image"]["name"] and isinstance(singleuser["image"]["tag"], str)
    assert singleuser["cmd"] == "jupyterhub-singleuser"
    # a home volume would hide the image's notebooks/ and the Voilà settings postBuild put there
    assert singleuser["storage"]["type"] == "none"
    assert "repo2docker" in CHART_VALUES.read_text(encoding="utf-8")
    assert (REPO / "binder" / "postBuild").is_file()


def test_chart_values_guarantee_and_limit_each_learner(chart: dict[str, Any]) -> None:
    """Memory and CPU: a guarantee at most the limit; the limit equals the one-machine hub's."""
    memory, cpu = chart["singleuser"]["memory"], chart["singleuser"]["cpu"]
    assert 0 < size_bytes(memory["guarantee"]) <= size_bytes(memory["limit"])
    assert 0 < float(cpu["guarantee"]) <= float(cpu["limit"])
    source = HUB_CONFIG.read_text(encoding="utf-8")  # the one-machine defaults
    assert f'"RUMMY_HUB_MEM_LIMIT", "{memory["limit"]}"' in source
    assert f'"RUMMY_HUB_CPU_LIMIT", "{cpu["limit"]}"' in source


def test_chart_values_cull_idle_servers_like_the_hub(chart: dict[str, Any]) -> None:
    """The chart's culler stops idle servers after the same time as deploy/jupyterhub's."""
    cull = chart["cull"]
    assert cull["enabled"] is True
    assert cull["users"] is False
    assert f'"RUMMY_HUB_CULL_IDLE", "{cull["timeout"]}"' in HUB_CONFIG.read_text(encoding="utf-8")
    assert 0 < cull["every"] <= cull["timeout"]


def test_chart_values_use_the_hub_authenticator_and_keep_secrets_out(
    chart: dict[str, Any],
) -> None:
    """Same login as the one-machine hub; the password comes from a values file not in the repo."""
    hub_config = chart["hub"]["config"]
    assert hub_config["JupyterHub"]["authenticator_class"] == "shared-password"
    assert hub_config["JupyterHub"]["shutdown_on_logout"] is True
    assert "SharedPasswordAuthenticator" not in hub_config
    assert '"shared-password"' in HUB_CONFIG.read_text(encoding="utf-8")


def test_hub_proxy_is_pinned() -> None:
    """make hub-proxy installs exactly the configurable-http-proxy that package.json names."""
    folder = DEPLOY / "jupyterhub"
    wanted = json.loads((folder / "package.json").read_text(encoding="utf-8"))["dependencies"]
    locked = json.loads((folder / "package-lock.json").read_text(encoding="utf-8"))["packages"]
    assert (
        locked["node_modules/configurable-http-proxy"]["version"]
        == (wanted["configurable-http-proxy"])
    )
