# What Varnish does in front of Travel Places: keep public pages and public API answers until the
# site purges them by dependency tag, pass everything private through, and say in Cache-Status
# whether it answered. Included by default.vcl (one instance) and compose.vcl (two instances),
# which define the backends. See docs/deploy.md, "A CDN or Varnish in front".
#
# Varnish 7 with the xkey module from varnish-modules (Debian: apt-get install varnish varnish-modules).

import cookie;
import std;
import xkey;

# Who may purge: the site's instances. Loopback and the private networks (compose networks, a
# private LAN). A proxy that forwards visitors' requests from one of these addresses must not
# forward PURGE (deploy/Caddyfile refuses it); purges that arrive with X-Forwarded-For are refused
# below as well.
acl travel_purgers {
	"127.0.0.0"/8;
	"::1";
	"10.0.0.0"/8;
	"172.16.0.0"/12;
	"192.168.0.0"/16;
	"fc00::"/7;
}

sub vcl_recv {
	# The site's purge (src/server/cache/cdn-purge.ts): drop every object tagged with any of the
	# space-separated tags. A hard purge, not xkey.softpurge: a soft-purged object stays usable for
	# its grace, and the site promises that the next request after an edit sees it; a soft purge
	# would only spare the origin sending a body it has rendered anyway.
	if (req.method == "PURGE") {
		if (client.ip !~ travel_purgers || req.http.X-Forwarded-For != "" + client.ip) {
			return (synth(403, "This address may not purge: add it to the travel_purgers ACL"));
		}
		if (!req.http.xkey-purge) {
			return (synth(400, "Name the tags to purge in the xkey-purge header, separated by spaces"));
		}
		set req.http.X-Purged = xkey.purge(req.http.xkey-purge);
		return (synth(200, "Purged " + req.http.X-Purged + " objects"));
	}

	# Only reads can come from the cache; writes go to the site as they are.
	if (req.method != "GET" && req.method != "HEAD") {
		set req.http.X-Travel-Fwd = "method";
		return (pass);
	}
	# The admin's screens and API, anyone signed in (the session cookie, src/server/security/session.ts)
	# and any request with credentials: never from the cache, never stored (the site marks these
	# answers private too). The site's router decodes escapes (`/api/%61dmin/cities` is the admin
	# API), so the admin is also any letter case of its prefixes, and any path Varnish cannot tell
	# apart from them without decoding: one with an escape, a backslash, `//` or a dot segment. No
	# address the site links to has any of these (slugs and media names are plain ASCII; the site
	# answers other spellings of a page with a redirect to its one spelling).
	if (req.url ~ "(?i)^/(api/admin|iladmin)" ||
	    req.url ~ "^[^?]*(%|\\|//|/\.\.?(/|\?|$))" ||
	    req.http.Authorization ||
	    req.http.Cookie ~ "(^|;\s*)tp_session=") {
		set req.http.X-Travel-Fwd = "bypass";
		return (pass);
	}
	# Full-size originals and downloads are large and rare: streamed from the site, not kept.
	if (req.url ~ "^/media/originals/" || req.url ~ "^/media/[^?]*\?(.*&)?download=") {
		set req.http.X-Travel-Fwd = "bypass";
		return (pass);
	}

	# Cookies. Public answers depend on one cookie at most: `lang`, and only on pages whose path
	# names no language (the site then answers with `Vary: Cookie`, and Varnish keeps one copy per
	# value). Pages under a language (the codes of src/shared/languages.ts) and the public API read
	# no cookie at all, so they share one copy whatever cookies a visitor has.
	if (req.url ~ "^/(en|es|de|fr|zh)(/|\?|$)" || req.url ~ "^/api/") {
		unset req.http.Cookie;
	} elsif (req.http.Cookie) {
		cookie.parse(req.http.Cookie);
		cookie.keep("lang");
		set req.http.Cookie = cookie.get_string();
		if (req.http.Cookie == "") {
			unset req.http.Cookie;
		}
	}
	# From the cache when it holds the answer (the built-in rule would pass anything with a cookie).
	return (hash);
}

sub vcl_backend_response {
	# xkey indexes an object by the tags in its `xkey` header: the site's Surrogate-Key.
	if (beresp.http.Surrogate-Key) {
		set beresp.http.xkey = beresp.http.Surrogate-Key;
	}
	# Only what the site marks cacheable is kept (Varnish would keep an answer without
	# Cache-Control for its default_ttl, e.g. a redirect of a moved address).
	if (!beresp.http.Cache-Control && !beresp.http.Expires) {
		set beresp.ttl = 0s;
	}
	# Never stale: an object is answered while it is fresh (s-maxage, until purged) and not after.
	# With grace, Varnish would answer an expired object once more while it fetches the new one.
	set beresp.grace = 0s;
	# Then the built-in rules: no-store, private, Set-Cookie or no s-maxage/max-age is not kept.
}

sub vcl_deliver {
	# RFC 9211: the site's own entry (travel-places; hit or fwd=miss) comes first, Varnish's after it.
	if (obj.hits > 0) {
		set req.http.X-Travel-Status = "varnish; hit; ttl=" + std.integer(duration=obj.ttl, fallback=0);
	} elsif (req.http.X-Travel-Fwd) {
		set req.http.X-Travel-Status = "varnish; fwd=" + req.http.X-Travel-Fwd;
	} elsif (obj.uncacheable) {
		set req.http.X-Travel-Status = "varnish; fwd=miss; stored=false";
	} else {
		set req.http.X-Travel-Status = "varnish; fwd=miss";
	}
	if (resp.http.Cache-Status) {
		set resp.http.Cache-Status = resp.http.Cache-Status + ", " + req.http.X-Travel-Status;
	} else {
		set resp.http.Cache-Status = req.http.X-Travel-Status;
	}
	# The tags are for caches, not for browsers (several KB on a list page). If a CDN sits in front
	# of this Varnish and purges by tag too, keep Surrogate-Key or Cache-Tag for it here.
	unset resp.http.xkey;
	unset resp.http.Surrogate-Key;
	unset resp.http.Cache-Tag;
}

sub vcl_synth {
	# Plain answers to purges (the built-in one is an HTML page).
	if (req.method == "PURGE") {
		set resp.http.Content-Type = "text/plain; charset=utf-8";
		set resp.body = resp.reason + {"
"};
		return (deliver);
	}
}
