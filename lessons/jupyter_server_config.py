# Jupyter server settings for the Binder launch (binder/start puts lessons/ on
# JUPYTER_CONFIG_PATH); ./dev serve runs Voilà on its own and reads voila.json instead.
#
# Served through the Jupyter server, Voilà pages would fetch MathJax from a CDN: its front
# end skips MathJax only when both the URL and the configuration are unset, as standalone
# Voilà leaves them, and otherwise falls back to cdnjs. The lessons have no mathematics to
# typeset and must not depend on the network, so both are unset here too.
c = get_config()  # noqa: F821 (defined by the config loader)
c.ServerApp.tornado_settings = {"mathjax_url": None, "mathjax_config": None}
