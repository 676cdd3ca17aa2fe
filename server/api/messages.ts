// The message catalogs (locales/{lang}/*.po) for texts the BFF writes itself, such as the
// messages of its JSON answers: the same texts as the pages, from the same source, instead of
// copies. A descriptor of shared/messages.ts is looked up by its id; its French text (the source)
// answers when a catalog lacks it. The reader is shared with the listings API's mails.
export { parsePo, translate } from '../../shared/catalogs.server';
