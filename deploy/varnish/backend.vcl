# The web app Varnish sends requests to (docker compose: the `web` service). Included by
# default.vcl; another deployment replaces this file alone (or puts its own backend.vcl earlier in
# varnishd's vcl_path). The probe `portal_ready` is declared in default.vcl.
backend web {
    .host = "web";
    .port = "3000";
    .probe = portal_ready;
    .connect_timeout = 2s;
    .first_byte_timeout = 20s;
    .between_bytes_timeout = 10s;
}
