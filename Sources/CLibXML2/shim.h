#ifndef CANOPY_CLIBXML2_SHIM_H
#define CANOPY_CLIBXML2_SHIM_H
#include <libxml/xmlversion.h>
/* Debian's libxml2 is built with ICU, so <libxml/encoding.h> would include the system's
   <unicode/ucnv.h>, whose enums clash with Foundation's _FoundationICU module on Linux.
   Canopy never uses libxml2's ICU converters nor any struct that embeds them by value
   (only pointers), so the ICU part of the headers is left out. */
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlreader.h>
#endif
