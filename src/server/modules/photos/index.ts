// The photos module's one door: what other modules and the app use of it.
export { photoFileRoutes, photoModule } from './routes';
export {
  deleteProductPhotoRows,
  firstPhotoKey,
  jpegPhotoUrl,
  PHOTO_URL_PREFIX,
  photoFields,
  photosColumn,
  photoUrl,
  type ProcessedPhoto,
  type ProcessedProof,
  processPhoto,
  processProofImage,
  removeUnusedFiles,
  type StoredPhoto,
} from './service';
export {
  createPhotoStorage,
  createPrivatePhotoStorage,
  sendPrivatePhoto,
  type PhotoStorage,
  PROOF_KEY_PATTERN,
} from './storage';
