import java.io.File;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import javax.xml.XMLConstants;
import javax.xml.namespace.NamespaceContext;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import javax.xml.validation.Validator;
import javax.xml.xpath.XPath;
import javax.xml.xpath.XPathFactory;
import org.w3c.dom.Document;
import org.xml.sax.ErrorHandler;
import org.xml.sax.SAXParseException;

/**
 * The JDK's own XML parser and XSD validator for tests/helpers/xml-check.ts, run as a single-file
 * program (`java XmlCheck.java`, Java 11+): `[--xsd schema.xsd] [--xpath expr]... file...`.
 * Prints one JSON array: per file, whether it is well-formed, the schema's errors and each XPath's
 * value (prefixes atom, gpx and kml name their namespaces). Reads no network: no DTDs, no imports.
 */
public class XmlCheck {
  public static void main(String[] args) throws Exception {
    String xsd = null;
    List<String> xpaths = new ArrayList<>();
    List<String> files = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--xsd")) xsd = args[++i];
      else if (args[i].equals("--xpath")) xpaths.add(args[++i]);
      else files.add(args[i]);
    }
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setNamespaceAware(true);
    factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    Schema schema = null;
    if (xsd != null) {
      SchemaFactory schemas = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
      schema = schemas.newSchema(new File(xsd));
    }
    XPath xpath = XPathFactory.newInstance().newXPath();
    xpath.setNamespaceContext(new Namespaces());
    StringBuilder out = new StringBuilder("[");
    for (int f = 0; f < files.size(); f++) {
      if (f > 0) out.append(',');
      List<String> errors = new ArrayList<>();
      List<String> values = new ArrayList<>();
      boolean wellFormed = true;
      try {
        DocumentBuilder builder = factory.newDocumentBuilder();
        builder.setErrorHandler(new Collect(errors));
        Document doc = builder.parse(new File(files.get(f)));
        if (schema != null) {
          Validator validator = schema.newValidator();
          validator.setErrorHandler(new Collect(errors));
          validator.validate(new DOMSource(doc));
        }
        for (String expr : xpaths) values.add(xpath.evaluate(expr, doc));
      } catch (SAXParseException e) {
        errors.add("line " + e.getLineNumber() + ": " + e.getMessage());
        wellFormed = false;
      }
      out.append("{\"wellFormed\":").append(wellFormed);
      out.append(",\"errors\":").append(json(errors));
      out.append(",\"values\":").append(json(values)).append('}');
    }
    System.out.println(out.append(']'));
  }

  static String json(List<String> items) {
    StringBuilder out = new StringBuilder("[");
    for (int i = 0; i < items.size(); i++) {
      if (i > 0) out.append(',');
      out.append('"');
      for (char c : items.get(i).toCharArray()) {
        if (c == '"' || c == '\\') out.append('\\').append(c);
        else if (c < 0x20) out.append(String.format("\\u%04x", (int) c));
        else out.append(c);
      }
      out.append('"');
    }
    return out.append(']').toString();
  }

  static class Collect implements ErrorHandler {
    final List<String> errors;

    Collect(List<String> errors) {
      this.errors = errors;
    }

    public void warning(SAXParseException e) {}

    public void error(SAXParseException e) {
      errors.add("line " + e.getLineNumber() + ": " + e.getMessage());
    }

    public void fatalError(SAXParseException e) throws SAXParseException {
      throw e;
    }
  }

  static class Namespaces implements NamespaceContext {
    public String getNamespaceURI(String prefix) {
      switch (prefix) {
        case "atom":
          return "http://www.w3.org/2005/Atom";
        case "gpx":
          return "http://www.topografix.com/GPX/1/1";
        case "kml":
          return "http://www.opengis.net/kml/2.2";
        case "xml":
          return XMLConstants.XML_NS_URI;
        default:
          return XMLConstants.NULL_NS_URI;
      }
    }

    public String getPrefix(String uri) {
      return null;
    }

    public Iterator<String> getPrefixes(String uri) {
      return null;
    }
  }
}
