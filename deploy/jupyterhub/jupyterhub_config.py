# JupyterHub for a class: each learner logs in and gets a single-user server that opens the lesson
# list in Voilà (the app's `rummy` template, no tracebacks, idle kernels culled), with memory and CPU
# limits per learner, and whole servers stopped once their learner has been idle for a while.
#
#     RUMMY_HUB_PASSWORD='a class password' jupyterhub -f deploy/jupyterhub/jupyterhub_config.py
#
# Settings come from the environment (see deploy/jupyterhub/README.md for the whole list):
#   RUMMY_HUB_SPAWNER    systemd (default: limits enforced, no Unix accounts needed),
#                        local (one Unix account per learner, limits NOT enforced),
#                        simple (everyone runs as the hub's own user: tests and demos only)
#   RUMMY_HUB_PASSWORD   the password learners log in with (8 characters or more)
#   RUMMY_HUB_TEACHERS, RUMMY_HUB_TEACHER_PASSWORD   admin names and their password (32 or more)
#   RUMMY_HUB_BIND_URL   where the hub listens (default http://127.0.0.1:8000)
#   RUMMY_HUB_STATE      folder for the hub's database and cookie secret (default: the current one)
#   RUMMY_HUB_LESSONS    folder holding notebooks/ (default: this checkout)
#   RUMMY_HUB_MEM_LIMIT, RUMMY_HUB_CPU_LIMIT   per learner (default 1G and 1 core)
#   RUMMY_HUB_CULL_IDLE, RUMMY_HUB_CULL_EVERY  seconds (default 1800 and 60)
#   RUMMY_HUB_PROXY      the configurable-http-proxy command (default: `make hub-proxy`'s copy)
#
# To change anything else, keep a small file of your own that starts with
#     load_subconfig("/path/to/deploy/jupyterhub/jupyterhub_config.py")
# and run `jupyterhub -f` on that file.
# ruff: noqa: F821  (`c` is the configuration object JupyterHub gives a config file)

import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
BIN = Path(sys.executable).parent
ENV = os.environ

SPAWNER = ENV.get("RUMMY_HUB_SPAWNER", "systemd")
LESSONS = Path(ENV.get("RUMMY_HUB_LESSONS", str(REPO))).resolve()
STATE = Path(ENV.get("RUMMY_HUB_STATE", ".")).resolve()
DEFAULT_URL = "/voila/render/notebooks/index.ipynb"
MEM_LIMIT = ENV.get("RUMMY_HUB_MEM_LIMIT", "1G")
CPU_LIMIT = float(ENV.get("RUMMY_HUB_CPU_LIMIT", "1"))
CULL_IDLE = int(ENV.get("RUMMY_HUB_CULL_IDLE", "1800"))
CULL_EVERY = int(ENV.get("RUMMY_HUB_CULL_EVERY", "60"))
LOCAL_PROXY = REPO / "build" / "hub-proxy" / "node_modules" / ".bin" / "configurable-http-proxy"

if SPAWNER not in {"systemd", "local", "simple"}:
    raise SystemExit(f"RUMMY_HUB_SPAWNER must be systemd, local or simple, not {SPAWNER!r}")
if not (LESSONS / "notebooks" / "index.ipynb").is_file():
    raise SystemExit(f"no notebooks/index.ipynb under {LESSONS}: set RUMMY_HUB_LESSONS")
if len(ENV.get("RUMMY_HUB_PASSWORD", "")) < 8:
    raise SystemExit("set RUMMY_HUB_PASSWORD to the learners' password (8 characters or more)")

# --- the hub, its proxy and its files ------------------------------------------------------------
c.JupyterHub.bind_url = ENV.get("RUMMY_HUB_BIND_URL", "http://127.0.0.1:8000")
c.JupyterHub.db_url = f"sqlite:///{STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(STATE / "jupyterhub.pid")
c.ConfigurableHTTPProxy.command = [
    ENV.get(
        "RUMMY_HUB_PROXY", str(LOCAL_PROXY) if LOCAL_PROXY.exists() else "configurable-http-proxy"
    )
]
# A learner who logs out frees the memory at once instead of waiting for the culler.
c.JupyterHub.shutdown_on_logout = True

# --- who may log in --------------------------------------------------------------------------------
# One password for the class (the teacher hands it out); learners pick their own names. For school
# accounts use an OAuth/LTI authenticator instead (oauthenticator, ltiauthenticator).
c.JupyterHub.authenticator_class = "shared-password"
c.SharedPasswordAuthenticator.user_password = ENV["RUMMY_HUB_PASSWORD"]
c.Authenticator.allow_all = True
teachers = {name.strip() for name in ENV.get("RUMMY_HUB_TEACHERS", "").split(",") if name.strip()}
if teachers:
    c.Authenticator.admin_users = teachers
    c.SharedPasswordAuthenticator.admin_password = ENV.get("RUMMY_HUB_TEACHER_PASSWORD", "")

# --- each learner's server: the lesson app, opened directly ---------------------------------------
c.Spawner.default_url = DEFAULT_URL
c.Spawner.notebook_dir = str(LESSONS)
c.Spawner.cmd = [str(BIN / "jupyterhub-singleuser")]
environment = {
    # Voilà's settings are binder/jupyter_config.json's: template `rummy`, no tracebacks, kernels
    # of closed pages culled after 5 idle minutes, kernels on Unix sockets.
    "JUPYTER_CONFIG_PATH": str(REPO / "binder"),
}
try:  # the `rummy` template from this package (without it: run Binder's postBuild line once)
    from rummy_teach.app import template_root

    environment["JUPYTER_PATH"] = str(template_root())
except ImportError:
    pass
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 60

# Limits per learner. One server holds Jupyter Server (~100 MiB) and a kernel per open page
# (~60 MiB each; closed pages' kernels live until Voilà culls them). Only SystemdSpawner (cgroups)
# and KubeSpawner enforce these; LocalProcessSpawner just passes MEM_LIMIT/CPU_LIMIT on.
c.Spawner.mem_limit = MEM_LIMIT
c.Spawner.cpu_limit = CPU_LIMIT

# Kernels talk over Unix sockets (binder/jupyter_config.json), whose paths may not exceed 107
# bytes: `<runtime dir>/kernel-<uuid>-ipc-4` needs a short runtime dir, not one under a long home.
if SPAWNER == "systemd":
    c.JupyterHub.spawner_class = "systemdspawner.SystemdSpawner"
    c.SystemdSpawner.dynamic_users = True  # no Unix account per learner; home in /var/lib/<name>
    c.SystemdSpawner.isolate_tmp = True  # each learner's own /tmp ...
    environment["JUPYTER_RUNTIME_DIR"] = "/tmp/jupyter-runtime"  # ... so this path is theirs
    c.SystemdSpawner.disable_user_sudo = True
    c.SystemdSpawner.unit_name_template = "rummy-teach-{USERNAME}"
elif SPAWNER == "local":
    c.JupyterHub.spawner_class = "localprocess"
    # /tmp is shared between Unix accounts here, and homes can be long: kernels on TCP instead
    c.Spawner.args = ["--KernelManager.transport=tcp"]
else:
    c.JupyterHub.spawner_class = "simple"
    c.SimpleLocalProcessSpawner.home_dir_template = str(STATE / "homes" / "{username}")
    environment["JUPYTER_RUNTIME_DIR"] = lambda spawner: str(STATE / "run" / str(spawner.user.id))
    if len(str(STATE)) > 40:
        raise SystemExit(f"RUMMY_HUB_STATE is too long for kernel sockets (40 at most): {STATE}")
    if os.geteuid() == 0:
        c.Spawner.args = ["--allow-root"]

c.Spawner.environment = environment

# Each learner's server gets a free port below the range Linux gives outgoing connections as their
# own ports (rummy_teach.ports). JupyterHub's own pick lies in that range and is bound only seconds
# later, when the server has started: a connection opened meanwhile (a browser's, the proxy's) may
# hold it by then, and that learner's server fails ("port ... is not available"; seen with five
# learners at once). SystemdSpawner ignores the hook's port: its start() takes one from
# jupyterhub.utils.random_port (bind to 0, the same range), so under systemd that pick is ours too.
# (Kubernetes pods have an address each.) Without the package here, JupyterHub picks as it does.
try:
    from rummy_teach.ports import listening_port

    def free_port():
        """The next free port below the ephemeral range, in the hub's half (the tests' is 0)."""
        return listening_port(part=1, parts=2)

    def give_free_port(spawner):
        """The spawner's port: ``free_port()`` (0 would let JupyterHub pick in the range)."""
        spawner.port = free_port()

    c.Spawner.pre_spawn_hook = give_free_port
    if SPAWNER == "systemd":
        import systemdspawner.systemdspawner

        systemdspawner.systemdspawner.random_port = free_port  # what its start() calls
except ImportError:
    pass

# --- idle culling of whole servers ---------------------------------------------------------------
c.JupyterHub.load_roles = [
    {
        "name": "idle-culler",
        "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
        "services": ["idle-culler"],
    }
]
c.JupyterHub.services = [
    {
        "name": "idle-culler",
        "command": [
            sys.executable,
            "-m",
            "jupyterhub_idle_culler",
            f"--timeout={CULL_IDLE}",
            f"--cull-every={CULL_EVERY}",
        ],
    }
]
