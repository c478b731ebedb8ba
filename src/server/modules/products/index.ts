// The products module's one door: what other modules and the app use of it.
export { createCatalogCache, productModule } from './routes';
export { listedProductsByIds } from './service';
export { packsColumn, packsFor, type StoredPack } from './packs';
