# The web machines Varnish sends requests to (the `portal` shard director of default.vcl).
# Included by default.vcl; another deployment replaces this file alone (or puts its own
# backend.vcl earlier in varnishd's vcl_path) with one backend per web machine, each added in
# sub portal_backends. The probe `portal_ready` is declared in default.vcl.
#
# docker compose: the `web` service runs two containers, named prestige-portal-web-1 and
# prestige-portal-web-2 (the project's name, the service's, the replica's number). Scaling web to
# more replicas means adding them here (and to the purgers ACL, which lists the `web` service).
backend web_1 {
    .host = "prestige-portal-web-1";
    .port = "3000";
    .probe = portal_ready;
    .connect_timeout = 2s;
    .first_byte_timeout = 20s;
    .between_bytes_timeout = 10s;
}

backend web_2 {
    .host = "prestige-portal-web-2";
    .port = "3000";
    .probe = portal_ready;
    .connect_timeout = 2s;
    .first_byte_timeout = 20s;
    .between_bytes_timeout = 10s;
}

sub portal_backends {
    portal.add_backend(web_1);
    portal.add_backend(web_2);
}
