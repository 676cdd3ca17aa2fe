# Varnish 7 in front of the portal's web app (Debian packages varnish and varnish-modules, or the
# official varnish:7 image, which ships varnish-modules).
#
# - Caches what the web app marks `public` for its s-maxage (else max-age); never `private`,
#   `no-store` or `no-cache` answers, nor any answer with Set-Cookie; never anything but GET/HEAD.
# - Keys on host, URL and the encoding the visitor accepts (br, gzip or none). The language is in
#   the path. Cookies are not part of the key: a page the web app marks public never depends on a
#   cookie (the pages that read one, such as the alerts page, are marked private and pass). Cookies
#   are still forwarded, since which page reads them is only known from its answer.
# - Tags: the web app sends its cache tags in the `xkey` header (CACHE_TAG_HEADER=xkey); the xkey
#   vmod indexes them. `PURGE` with `xkey-purge: tag1 tag2` removes every page with one of the tags
#   (`xkey-softpurge` expires them, keeping them as stale), only from the `purgers` ACL below.
# - Grace: a page expired within its own stale-while-revalidate is served while it is fetched
#   again; when the web app fails (the probe says so, or a fetch errors) a stale page up to 24 h
#   old is served instead of an error (stale-if-error).
# - Several web machines: backend.vcl declares each and adds it to the `portal` shard director
#   (sub portal_backends), which gives each URL a machine of its own (consistent hashing: a page
#   is rendered, and kept in its page cache, by one machine; adding or losing a machine moves only
#   its share); the probe leaves out one that stops answering. A GET or HEAD whose web machine
#   refuses the connection, fails before answering, or answers 503 (it is stopping) is retried at
#   once on the URL's next machine, so a machine stopped or killed costs no visitor an error.
#   Anything else (a POST…) is never retried: it may have been acted on.
# - Forwarded headers are the edge's own: X-Forwarded-For is the connection's address,
#   X-Forwarded-Proto `https` only for a connection that came through TLS (a TLS proxy in front
#   speaking the PROXY protocol to a `-a …,PROXY` listener, such as hitch), `http` otherwise, and
#   X-Forwarded-Host the Host (in the key). A visitor's own (and `Forwarded`) never reach the web
#   app, which believes them (TRUST_PROXY=1): a page rendered for `X-Forwarded-Proto: https` on a
#   plain-HTTP portal would carry HSTS and `upgrade-insecure-requests` to every later visitor.
# - Debugging: `X-Cache: HIT|MISS|PASS`, `X-Cache-Hits` and `Age` on every answer.
vcl 4.1;

import directors;
import proxy;
import std;
import xkey;

# The web app is ready when /readyz answers 200 (it reaches the listings API).
probe portal_ready {
    .request =
        "GET /readyz HTTP/1.1"
        "Host: portal-probe"
        "Connection: close";
    .interval = 2s;
    .timeout = 2s;
    .window = 5;
    .threshold = 3;
    .initial = 3;
}

# The web machines, each URL on its own (its order of machines is fixed by the hash of its URL); a
# machine whose probe fails is skipped.
sub vcl_init {
    new portal = directors.shard();
    call portal_backends;
    if (!portal.reconfigure()) {
        return (fail("the portal director has no web machine"));
    }
}

# backend web_1 { ... } … (host and port of each web machine) and sub portal_backends, which adds
# them to the director.
include "backend.vcl";

# Who may purge: the web processes that run the edge purger (with Redis, any web machine may hold
# the purge lease). Edit this list to their addresses; a name in parentheses is resolved when the
# VCL loads (every address it has) and skipped if it does not resolve (docker compose: the `web`
# service, both replicas).
acl purgers {
    "127.0.0.1";
    "::1";
    ("web");
}

sub vcl_recv {
    # The machine is picked when the request is fetched (vcl_backend_fetch).
    set req.backend_hint = portal.backend(resolve=LAZY);
    unset req.http.X-Portal-Cache;
    # The X-Portal-* request headers are this VCL's own, never a visitor's.
    if (req.restarts == 0) {
        unset req.http.X-Portal-Refetch;
        unset req.http.X-Portal-Stale-Ok;
    }
    # How the request reached the edge, said by the edge alone (see the header of this file).
    unset req.http.Forwarded;
    set req.http.X-Forwarded-For = client.ip;
    if (proxy.is_ssl()) {
        set req.http.X-Forwarded-Proto = "https";
    } else {
        set req.http.X-Forwarded-Proto = "http";
    }
    if (req.http.Host) {
        set req.http.X-Forwarded-Host = req.http.Host;
    } else {
        unset req.http.X-Forwarded-Host;
    }

    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        if (req.http.xkey-purge) {
            set req.http.X-Portal-Gone = xkey.purge(req.http.xkey-purge);
        } else if (req.http.xkey) {
            set req.http.X-Portal-Gone = xkey.purge(req.http.xkey);
        } else if (req.http.xkey-softpurge) {
            set req.http.X-Portal-Gone = xkey.softpurge(req.http.xkey-softpurge);
        } else {
            return (synth(400, "PURGE needs an xkey-purge header (space-separated tags)"));
        }
        return (synth(200, "Invalidated " + req.http.X-Portal-Gone + " objects"));
    }
    if (req.method == "BAN") {
        return (synth(405, "Method Not Allowed"));
    }
    if (req.method == "PRI") {
        return (synth(405, "Method Not Allowed"));
    }
    if (req.method != "GET" && req.method != "HEAD" && req.method != "POST" &&
        req.method != "PUT" && req.method != "PATCH" && req.method != "DELETE" &&
        req.method != "OPTIONS") {
        return (synth(405, "Method Not Allowed"));
    }
    # Writes (forms, /api/ calls) and anything but GET/HEAD go to the web app, never cached.
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    if (req.http.Authorization) {
        return (pass);
    }

    # One key per encoding the web app can answer with, whatever the browser's exact list.
    if (req.http.Accept-Encoding ~ "(^|[\s,])br($|[\s,;])") {
        set req.http.X-Portal-Encoding = "br";
    } else if (req.http.Accept-Encoding ~ "(^|[\s,])gzip($|[\s,;])") {
        set req.http.X-Portal-Encoding = "gzip";
    } else {
        set req.http.X-Portal-Encoding = "identity";
    }

    # Build files and photos never depend on a cookie.
    if (req.url ~ "^/assets/") {
        unset req.http.Cookie;
    }

    # A restart after the web app failed: any stale copy will do. A restart for a copy past its
    # stale-while-revalidate (vcl_hit): only a fresh one.
    if (req.http.X-Portal-Stale-Ok) {
        set req.grace = 24h;
    } else if (req.http.X-Portal-Refetch) {
        set req.grace = 0s;
    }
    # Cookies are deliberately not a reason to pass (see the header of this file).
    return (hash);
}

sub vcl_hash {
    hash_data(req.url);
    if (req.http.Host) {
        hash_data(req.http.Host);
    } else {
        hash_data(server.ip);
    }
    hash_data(req.http.X-Portal-Encoding);
    return (lookup);
}

sub vcl_hit {
    set req.http.X-Portal-Cache = "HIT";
    if (obj.ttl >= 0s || req.http.X-Portal-Stale-Ok) {
        return (deliver);
    }
    # Expired: within the page's own stale-while-revalidate, or while the web app is down, the
    # stale copy goes out (a background fetch refreshes it). Past it, fetch now.
    if (!std.healthy(req.backend_hint)) {
        return (deliver);
    }
    if (obj.ttl + std.duration(obj.http.X-Portal-Swr, 0s) > 0s) {
        return (deliver);
    }
    set req.http.X-Portal-Refetch = "1";
    return (restart);
}

sub vcl_miss {
    set req.http.X-Portal-Cache = "MISS";
}

sub vcl_pass {
    set req.http.X-Portal-Cache = "PASS";
}

sub vcl_backend_fetch {
    # The encoding of this variant only (Varnish would otherwise ask for gzip).
    if (bereq.http.X-Portal-Encoding == "identity") {
        unset bereq.http.Accept-Encoding;
    } else if (bereq.http.X-Portal-Encoding) {
        set bereq.http.Accept-Encoding = bereq.http.X-Portal-Encoding;
    }
    unset bereq.http.X-Portal-Encoding;
    unset bereq.http.X-Portal-Cache;
    unset bereq.http.X-Portal-Stale-Ok;
    # X-Portal-Refetch stays: it tells vcl_backend_response that a stale copy exists.

    # The URL's first healthy machine; each retry takes the next healthy one in the URL's order,
    # so a retry never goes back to the machine that just failed, even before its probe notices.
    set bereq.backend = portal.backend(resolve=NOW, by=URL, alt=bereq.retries, healthy=ALL);
}

# A GET or HEAD whose web machine failed is tried on the next one (at most twice more).
sub portal_retry {
    if ((bereq.method == "GET" || bereq.method == "HEAD") && bereq.retries < 2) {
        return (retry);
    }
}

sub vcl_backend_response {
    # A web machine that is stopping answers 503 to the requests of its open connections.
    if (beresp.status == 503) {
        call portal_retry;
    }
    # The encoding is in the key already; Vary is given back to browsers in vcl_deliver.
    if (beresp.http.Vary) {
        set beresp.http.X-Portal-Vary = beresp.http.Vary;
        set beresp.http.Vary = regsuball(beresp.http.Vary, "(?i)(^|,)\s*accept-encoding\s*(,|$)", "\1");
        set beresp.http.Vary = regsub(beresp.http.Vary, "^[\s,]+|[\s,]+$", "");
        if (beresp.http.Vary == "") {
            unset beresp.http.Vary;
        }
    }

    # The web app failed while a stale copy exists: nothing is stored (a new object would replace
    # the copy); a background refresh leaves the copy in place, a visitor's request gets it from
    # vcl_synth.
    if (beresp.status >= 500 && (bereq.is_bgfetch || bereq.http.X-Portal-Refetch)) {
        return (abandon);
    }

    if (bereq.uncacheable) {
        return (deliver);
    }
    # Any other error of the web app goes to the visitor as it is, and is not remembered: the next
    # request asks the web app again.
    if (beresp.status >= 500) {
        set beresp.ttl = 0s;
        set beresp.grace = 0s;
        set beresp.uncacheable = true;
        return (deliver);
    }
    if (beresp.http.Set-Cookie ||
        beresp.http.Cache-Control !~ "(?i)(^|[\s,])public($|[\s,;=])" ||
        beresp.http.Cache-Control ~ "(?i)(^|[\s,])(private|no-store|no-cache)($|[\s,;=])" ||
        beresp.http.Surrogate-Control ~ "(?i)no-store" ||
        beresp.http.Vary == "*") {
        # Remembered for two minutes as not cacheable: the next requests go straight through.
        set beresp.ttl = 120s;
        set beresp.grace = 0s;
        set beresp.uncacheable = true;
        return (deliver);
    }

    # Varnish took the lifetime from s-maxage (else max-age) and the grace from
    # stale-while-revalidate; the page's own grace is kept aside, and the object is kept 24 h more
    # to be served when the web app fails.
    set beresp.http.X-Portal-Swr = beresp.grace + "s";
    set beresp.grace = 24h;
    return (deliver);
}

sub vcl_backend_error {
    # Refused, reset or silent: another web machine, before any stale copy or error.
    call portal_retry;
    # The web app does not answer while a stale copy exists: the copy stays (see above).
    if (bereq.is_bgfetch || bereq.http.X-Portal-Refetch) {
        return (abandon);
    }
    # No copy at all: a 503.
    set beresp.http.Cache-Control = "no-store";
    set beresp.ttl = 0s;
    set beresp.grace = 0s;
    set beresp.uncacheable = true;
}

sub vcl_deliver {
    if (resp.http.X-Portal-Vary) {
        set resp.http.Vary = resp.http.X-Portal-Vary;
        unset resp.http.X-Portal-Vary;
    }
    unset resp.http.X-Portal-Swr;
    unset resp.http.xkey;
    if (req.http.X-Portal-Cache) {
        set resp.http.X-Cache = req.http.X-Portal-Cache;
    } else {
        set resp.http.X-Cache = "MISS";
    }
    set resp.http.X-Cache-Hits = obj.hits;
}

sub vcl_synth {
    # The fresh copy could not be had (the fetch was abandoned): the stale one goes out instead.
    if (resp.status == 503 && req.http.X-Portal-Refetch && !req.http.X-Portal-Stale-Ok) {
        set req.http.X-Portal-Stale-Ok = "1";
        unset req.http.X-Portal-Refetch;
        return (restart);
    }
    set resp.http.Cache-Control = "no-store";
    if (req.method == "PURGE" && resp.status == 200) {
        set resp.http.X-Purged = req.http.X-Portal-Gone;
    }
}
