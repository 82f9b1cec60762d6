# Jupyter Server's settings for the hosted lessons (Binder's postBuild copies this file to
# ~/.jupyter; JupyterHub's learners read it through JUPYTER_CONFIG_PATH=binder): each lesson page
# gets its language switch (English, Norsk, Dansk, Nederlands), as `rummy-teach serve` gives it.
# ruff: noqa: F821  (`c` is the configuration object Jupyter gives a config file)
from rummy_teach.app import hosted_page_config

c.VoilaConfiguration.page_config_hook = hosted_page_config
# Each lesson page's kernel watch (/rummy/watch/<kernel>): the page says in words when its kernel
# is gone or the server cannot be reached, reloads once, and reconnects at once after a blip.
c.ServerApp.jpserver_extensions.update({"rummy_teach.watch": True})
