// The public entry of the uploads module: what the app and other modules may use. Everything else in this folder is private to it.
export { attachmentDisposition } from '../../platform/storage';
export {
  cleanFileName,
  detectFileType,
  detectImageType,
  requireContent,
} from './content';
export { type Download, openFileDownload, openStoredFile, sendDownload } from './download';
export { type StoredUpload, storeCheckedFile } from './file-store';
export {
  type FilePlace,
  type FileScope,
  listFiles,
  openDownload,
  removeFile,
  uploadFile,
} from './files-service';
export { encodeOriginal } from './image-processing';
export {
  cropGroupImage,
  cropOwnImage,
  findImage,
  isImageAttached,
  recrop,
  removeImage,
  removeUnattachedImages,
  type UploadDeps,
  uploadImage,
} from './images-service';
export { type ReceivedUpload, receiveUpload, registerMultipart } from './multipart';
export { type FileRow, fileLink, imagesUrlPrefix, imageUrl, presentFile, presentImage } from './presenter';
export { uploadsModule } from './routes';
export { deleteStoredFiles, newStoredPath, writeStoredFile } from './storage';
