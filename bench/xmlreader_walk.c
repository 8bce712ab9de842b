/* Baselines for `make bench`: walk a JUnit file with libxml2 alone, doing the least work a
 * reader must do (count testcase elements, touch text). `reader` uses xmlTextReader, `sax`
 * uses SAX2 callbacks through a push parser fed in 256 KiB chunks (what Canopy does). */
#include <libxml/parser.h>
#include <libxml/xmlreader.h>
#include <stdio.h>
#include <string.h>

static long testcases = 0, textBytes = 0;

static void startNs(void *ctx, const xmlChar *localname, const xmlChar *prefix, const xmlChar *URI, int nbNs,
                    const xmlChar **ns, int nbAttr, int nbDef, const xmlChar **attrs) {
    (void)ctx; (void)prefix; (void)URI; (void)nbNs; (void)ns; (void)nbAttr; (void)nbDef; (void)attrs;
    if (localname[0] == 't' && strcmp((const char *)localname, "testcase") == 0) testcases++;
}
static void chars(void *ctx, const xmlChar *ch, int len) { (void)ctx; (void)ch; textBytes += len; }

static int sax(const char *path) {
    xmlSAXHandler h;
    memset(&h, 0, sizeof h);
    h.initialized = XML_SAX2_MAGIC;
    h.startElementNs = startNs;
    h.characters = chars;
    h.cdataBlock = chars;
    FILE *f = fopen(path, "rb");
    if (!f) return 1;
    xmlParserCtxtPtr ctxt = xmlCreatePushParserCtxt(&h, NULL, NULL, 0, path);
    xmlCtxtUseOptions(ctxt, XML_PARSE_NONET | XML_PARSE_HUGE);
    static char buf[256 * 1024];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) {
        if (xmlParseChunk(ctxt, buf, (int)n, 0)) break;
    }
    xmlParseChunk(ctxt, buf, 0, 1);
    int ok = ctxt->wellFormed;
    xmlFreeParserCtxt(ctxt);
    fclose(f);
    return ok ? 0 : 1;
}

static int reader(const char *path) {
    xmlTextReaderPtr r = xmlReaderForFile(path, NULL, XML_PARSE_NONET | XML_PARSE_HUGE);
    if (!r) return 1;
    int ret;
    while ((ret = xmlTextReaderRead(r)) == 1) {
        int type = xmlTextReaderNodeType(r);
        if (type == XML_READER_TYPE_ELEMENT) {
            const xmlChar *name = xmlTextReaderConstLocalName(r);
            if (name[0] == 't' && strcmp((const char *)name, "testcase") == 0) testcases++;
        } else if (type == XML_READER_TYPE_TEXT || type == XML_READER_TYPE_CDATA) {
            const xmlChar *v = xmlTextReaderConstValue(r);
            if (v) textBytes += (long)strlen((const char *)v);
        }
    }
    xmlFreeTextReader(r);
    return ret == 0 ? 0 : 1;
}

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: %s reader|sax FILE\n", argv[0]); return 2; }
    int rc = strcmp(argv[1], "sax") == 0 ? sax(argv[2]) : reader(argv[2]);
    printf("testcases %ld text %ld\n", testcases, textBytes);
    return rc;
}
