// `Language` lives in its own small target, so that the store can name a
// language without linking the embedded tables; everything that imports the
// locale tables sees it as before.
@_exported import PareaLanguage
