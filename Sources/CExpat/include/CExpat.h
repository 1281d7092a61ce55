#ifndef SIDEWALK_CEXPAT_H
#define SIDEWALK_CEXPAT_H
/* XMP and GPX read with expat, a real XML parser. A document type declaration is refused, so no
   entity can be declared (and none expanded: no billion laughs, no external files). */
#include <stddef.h>

/* XMP properties are bound to namespaces by URI rather than by the prefix a file happens to use.
   Called for each property in the namespace asked for: its local name and its text, both
   NUL-terminated UTF-8. */
typedef void (*sw_xmp_property_callback)(void *context, const char *name, const char *value);

/* Parses `size` bytes of XMP and reports every property of namespace `uri`, written as an
   attribute (prefix:Name="value") or as a simple element (<prefix:Name>value</prefix:Name>).
   Returns 0 for a well-formed packet, -1 for one that is not or that declares a DOCTYPE. */
int sw_xmp_properties(const char *data, size_t size, const char *uri,
                      void *context, sw_xmp_property_callback callback);

/* Called for each GPX track point: its lat and lon attributes and the text of its time element,
   NUL-terminated UTF-8, each empty when missing (time is cut at 64 bytes). */
typedef void (*sw_gpx_point_callback)(void *context, const char *lat, const char *lon, const char *time);

/* Parses `size` bytes of GPX (1.0 or 1.1, any prefix) and reports every trkpt. Returns 0 for a
   well-formed document, -1 for one that is not or that declares a DOCTYPE. */
int sw_gpx_points(const char *data, size_t size, void *context, sw_gpx_point_callback callback);

#endif
