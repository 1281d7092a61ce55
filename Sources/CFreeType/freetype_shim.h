// FreeType from Debian (libfreetype-dev), for the text of `sidewalk render`'s frames.
#include <ft2build.h>
#include FT_FREETYPE_H
