# Varnish in front of the two instances of deploy/compose.yaml (app1 and app2), in turn.
# The rules themselves are in travel-places.vcl.
vcl 4.1;

import directors;

probe health {
	.url = "/api/health";
	.interval = 10s;
	.timeout = 5s;
	.window = 3;
	.threshold = 2;
}

backend app1 {
	.host = "app1";
	.port = "3000";
	.first_byte_timeout = 30s;
	.probe = health;
}

backend app2 {
	.host = "app2";
	.port = "3000";
	.first_byte_timeout = 30s;
	.probe = health;
}

sub vcl_init {
	new instances = directors.round_robin();
	instances.add_backend(app1);
	instances.add_backend(app2);
}

sub vcl_recv {
	set req.backend_hint = instances.backend();
}

include "./travel-places.vcl";
