#ifndef CANOPY_CLIBXML2_SHIM_H
#define CANOPY_CLIBXML2_SHIM_H
/* Where libxml2's headers come from:
   - Linux, and macOS with Homebrew's libxml2: pkg-config (`libxml-2.0`, which SwiftPM reads itself,
     finding Homebrew's keg through the `.brew` provider) puts `…/include/libxml2` on the search
     path, so `<libxml/…>` resolves.
   - macOS with only Xcode or the Command Line Tools: no pkg-config file; the SDK keeps the headers
     in `usr/include/libxml2` with a module map of its own (module `libxml2`), so they are reached
     as `<libxml2/libxml/…>` from the SDK's include directory, and this module re-exports them
     (`export *`); `link "xml2"` links the SDK's libxml2.
   The same pattern serves any system library: prefer what pkg-config found, else the SDK. */
#if __has_include(<libxml/xmlversion.h>)
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
#elif defined(__APPLE__) && __has_include(<libxml2/libxml/xmlversion.h>)
#include <libxml2/libxml/parser.h>
#include <libxml2/libxml/parserInternals.h>
#include <libxml2/libxml/SAX2.h>
#include <libxml2/libxml/xmlerror.h>
#include <libxml2/libxml/xmlreader.h>
#else
#error "libxml2's headers were not found: install libxml2-dev (apt), libxml2 (Homebrew) or Xcode's Command Line Tools (xcode-select --install)"
#endif
#endif
