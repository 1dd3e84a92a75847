# Varnish in front of one Travel Places instance on the same machine:
#   varnishd -a :80 -f /etc/varnish/default.vcl -s malloc,256m
# with CACHE_PURGE_URL=http://127.0.0.1:80/ and TRUST_PROXY=loopback on the instance.
# Several instances: see compose.vcl. The rules themselves are in travel-places.vcl.
vcl 4.1;

backend origin {
	.host = "127.0.0.1";
	.port = "3000";
	# Longer than the site's render queue (RENDER_QUEUE_MS) plus a render.
	.first_byte_timeout = 30s;
}

include "./travel-places.vcl";
