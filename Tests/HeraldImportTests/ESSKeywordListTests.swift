import Testing

@testable import HeraldImport

/// The old server's keyword lists, however its column stored them.
@Suite("Importing keyword lists")
struct ESSKeywordListTests {
    @Test func eachStoredFormReadsAsTheSameList() {
        let read = ESSRows.KeywordFilter.keywords
        #expect(read("") == [] && read("  ") == [] && read("[]") == [] && read("{}") == [])
        #expect(read("disk; cold box ;;") == ["disk", "cold box"], "the old server's form")
        #expect(read("disk, cold box") == ["disk, cold box"], "a comma is part of a keyword, as the old server read it")
        #expect(read(#"["beam", "linac, sector 3"]"#) == ["beam", "linac, sector 3"])
        #expect(read(#"{beam,"linac, sector 3","say \"hi\"",NULL}"#) == ["beam", "linac, sector 3", #"say "hi""#])
        #expect(read("[not json") == ["[not json"], "not a JSON array: one keyword")
    }
}
