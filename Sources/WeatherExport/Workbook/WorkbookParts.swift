/// The XML parts of a workbook besides its sheets: the package's content types and relations,
/// the workbook with its sheets and their filter ranges, the styles the cells use, and the
/// document properties. https://ecma-international.org/publications-and-standards/standards/ecma-376/
enum WorkbookParts {
    /// What a sheet's part needs to be named in the workbook.
    struct SheetEntry {
        var name: String
        var lastRow: UInt32
        var columns: Int
    }

    static let declaration = #"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"# + "\n"
    static let mainNamespace = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    static let relationsNamespace = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    static let packageRelations = "http://schemas.openxmlformats.org/package/2006/relationships"

    /// Cell styles (`s`): 1 the bold header, 2 a date-time, 3 a date.
    static let boldStyle: StaticString = "1"
    static let dateTimeStyle: StaticString = "2"
    static let dateStyle: StaticString = "3"

    /// Every part, by its name in the package, in the order they are written after the sheets.
    static func parts(_ sheets: [SheetEntry], created: String) -> [(String, String)] {
        [
            ("xl/workbook.xml", workbook(sheets)),
            ("xl/_rels/workbook.xml.rels", workbookRelations(sheets.count)),
            ("xl/styles.xml", styles),
            ("docProps/app.xml", app),
            ("docProps/core.xml", core(created: created)),
            ("_rels/.rels", rootRelations),
            ("[Content_Types].xml", contentTypes(sheets.count)),
        ]
    }

    static func sheetPart(_ index: Int) -> String { "xl/worksheets/sheet\(index + 1).xml" }

    static func workbook(_ sheets: [SheetEntry]) -> String {
        var xml = declaration + #"<workbook xmlns="\#(mainNamespace)" xmlns:r="\#(relationsNamespace)">"#
        xml += #"<bookViews><workbookView/></bookViews><sheets>"#
        for (k, s) in sheets.enumerated() {
            xml += #"<sheet name="\#(escape(s.name))" sheetId="\#(k + 1)" r:id="rId\#(k + 1)"/>"#
        }
        xml += "</sheets>"
        // Excel names each filter's range so; it rebuilds a missing one, other readers need it.
        let filtered = sheets.enumerated().filter { $0.element.columns > 0 }
        if !filtered.isEmpty {
            xml += "<definedNames>"
            for (k, s) in filtered {
                let quoted = "'" + s.name.replacingOccurrences(of: "'", with: "''") + "'"
                let range = "\(quoted)!$A$1:$\(SheetText.column(s.columns - 1))$\(UInt64(s.lastRow) + 1)"
                xml += #"<definedName name="_xlnm._FilterDatabase" localSheetId="\#(k)" hidden="1">\#(escape(range))</definedName>"#
            }
            xml += "</definedNames>"
        }
        return xml + "</workbook>"
    }

    static func workbookRelations(_ sheets: Int) -> String {
        var xml = declaration + #"<Relationships xmlns="\#(packageRelations)">"#
        for k in 0..<sheets {
            xml += #"<Relationship Id="rId\#(k + 1)" Type="\#(relationsNamespace)/worksheet" Target="worksheets/sheet\#(k + 1).xml"/>"#
        }
        xml += #"<Relationship Id="rId\#(sheets + 1)" Type="\#(relationsNamespace)/styles" Target="styles.xml"/>"#
        return xml + "</Relationships>"
    }

    static let styles = declaration + #"<styleSheet xmlns="\#(mainNamespace)">"#
        + #"<numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm:ss"/><numFmt numFmtId="165" formatCode="yyyy-mm-dd"/></numFmts>"#
        + #"<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>"#
        + #"<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>"#
        + #"<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>"#
        + #"<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>"#
        + #"<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>"#
        + #"<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>"#
        + #"<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>"#
        + #"<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>"#
        + #"<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>"#
        + #"<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>"#

    static let app = declaration
        + #"<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties">"#
        + "<Application>wxpipe</Application></Properties>"

    /// `created`: the time the workbook was written, ISO 8601 in UTC.
    static func core(created: String) -> String {
        declaration
            + #"<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" "#
            + #"xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" "#
            + #"xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:creator>wxpipe</dc:creator>"#
            + #"<dcterms:created xsi:type="dcterms:W3CDTF">\#(created)</dcterms:created></cp:coreProperties>"#
    }

    static let rootRelations = declaration + #"<Relationships xmlns="\#(packageRelations)">"#
        + #"<Relationship Id="rId1" Type="\#(relationsNamespace)/officeDocument" Target="xl/workbook.xml"/>"#
        + #"<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>"#
        + #"<Relationship Id="rId3" Type="\#(relationsNamespace)/extended-properties" Target="docProps/app.xml"/>"#
        + "</Relationships>"

    static func contentTypes(_ sheets: Int) -> String {
        let office = "application/vnd.openxmlformats-officedocument"
        var xml = declaration + #"<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">"#
        xml += #"<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>"#
        xml += #"<Default Extension="xml" ContentType="application/xml"/>"#
        xml += #"<Override PartName="/xl/workbook.xml" ContentType="\#(office).spreadsheetml.sheet.main+xml"/>"#
        for k in 0..<sheets {
            xml += #"<Override PartName="/xl/worksheets/sheet\#(k + 1).xml" ContentType="\#(office).spreadsheetml.worksheet+xml"/>"#
        }
        xml += #"<Override PartName="/xl/styles.xml" ContentType="\#(office).spreadsheetml.styles+xml"/>"#
        xml += #"<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>"#
        xml += #"<Override PartName="/docProps/app.xml" ContentType="\#(office).extended-properties+xml"/>"#
        return xml + "</Types>"
    }

    /// A sheet's part up to its first row: the used range, the frozen header (the first sheet
    /// is the one shown), the column widths, and the start of the rows.
    static func sheetHead(index: Int, lastRow: UInt32, columns: Int, widths: [Int]) -> String {
        var xml = declaration + #"<worksheet xmlns="\#(mainNamespace)" xmlns:r="\#(relationsNamespace)">"#
        xml += #"<dimension ref="A1\#(columns > 0 ? ":" + SheetText.column(columns - 1) + String(UInt64(lastRow) + 1) : "")"/>"#
        xml += #"<sheetViews><sheetView \#(index == 0 ? #"tabSelected="1" "# : "")workbookViewId="0">"#
        xml += #"<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft"/></sheetView></sheetViews>"#
        xml += #"<sheetFormatPr defaultRowHeight="15"/>"#
        if !widths.isEmpty {
            xml += "<cols>"
            // Excel's stored width: characters plus the cell padding (5 pixels of a 7-pixel digit),
            // in 1/256ths: w + 0.7109375 for a whole w.
            for (c, w) in widths.enumerated() {
                xml += #"<col min="\#(c + 1)" max="\#(c + 1)" width="\#(min(60, max(8, w))).7109375" customWidth="1"/>"#
            }
            xml += "</cols>"
        }
        return xml + "<sheetData>"
    }

    /// A sheet's part after its last row: the header's filter over every row written.
    static func sheetTail(lastRow: UInt32, columns: Int) -> String {
        var xml = "</sheetData>"
        if columns > 0 { xml += #"<autoFilter ref="A1:\#(SheetText.column(columns - 1))\#(UInt64(lastRow) + 1)"/>"# }
        return xml + #"<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>"#
    }

    /// Text in an attribute or element.
    static func escape(_ s: String) -> String {
        var out = ""
        for ch in s {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(ch)
            }
        }
        return out
    }
}
