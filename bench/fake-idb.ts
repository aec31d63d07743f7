/** IndexedDB for Node (fake-indexeddb), loaded only by the benches that run the PWA's sync engine. */
import 'fake-indexeddb/auto';
