import Testing
import WeatherAnalytics
import WeatherExport
import WeatherStore

/// The derived tables' declarations describe each column as `schema.json` does today, so that
/// `ColumnCatalog` can read them first (as it reads `Schema.declarations`) without changing it.
struct DerivedDescriptionTests {
    @Test func declarationsSayWhatSchemaJSONSays() {
        for table in DerivedSchema.declarations {
            let perVariable = table.column("variable") != nil
            for column in table.columns {
                #expect(column.description == ColumnCatalog.description(of: column.name, table: table.name, perVariable: perVariable),
                        "\(table.name).\(column.name)")
            }
        }
    }
}
