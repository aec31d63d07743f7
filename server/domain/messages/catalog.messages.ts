/** Messages of the catalog lists: tags, chat templates, topics, products, and image upload. */
import { defineMessages } from '../messages.ts';

defineMessages({
  tag_title_required: { 'zh-cn': '请输入标签名称', 'en-us': 'Please enter the tag name' },
  tag_duplicate: {
    'zh-cn': '该国家已存在同名标签',
    'en-us': 'A tag with this name already exists in this country',
  },
  chat_template_title_required: { 'zh-cn': '请输入模板名称', 'en-us': 'Please enter the template name' },
  chat_template_content_required: { 'zh-cn': '请输入模板内容', 'en-us': 'Please enter the template content' },
  chat_template_content_max: {
    'zh-cn': '模板内容不能超过10000个字符',
    'en-us': 'The template content must be at most 10000 characters',
  },
  topic_title_required: { 'zh-cn': '请输入话题名称', 'en-us': 'Please enter the topic (hashtag)' },
  topic_title_invalid: {
    'zh-cn': '话题名称不能包含空格或#',
    'en-us': 'A topic is one hashtag: no spaces or # inside',
  },
  topic_end_time_past: { 'zh-cn': '结束时间必须晚于现在', 'en-us': 'The end time must be in the future' },
  topic_duplicate: {
    'zh-cn': '该国家已在追踪这个话题',
    'en-us': 'This topic is already being tracked in this country',
  },
  topic_limit_free: {
    'zh-cn': '免费版最多同时追踪{max}个话题，开通VIP可追踪{vipMax}个',
    'en-us':
      'The free plan tracks at most {max, plural, one {# active topic} other {# active topics}}; VIP tracks up to {vipMax}',
  },
  topic_limit_vip: {
    'zh-cn': 'VIP最多同时追踪{max}个话题',
    'en-us': 'VIP tracks at most {max, plural, one {# active topic} other {# active topics}}',
  },
  product_id_required: { 'zh-cn': '请输入商品ID', 'en-us': 'Please enter the product id' },
  product_title_required: { 'zh-cn': '请输入商品名称', 'en-us': 'Please enter the product title' },
  product_image_required: { 'zh-cn': '请上传商品图片', 'en-us': 'Please upload the product image' },
  product_image_invalid: {
    'zh-cn': '商品图片地址无效',
    'en-us': 'The product image must be an uploaded file or an http(s) address',
  },
  product_duplicate: {
    'zh-cn': '该国家已存在相同商品ID',
    'en-us': 'A product with this id already exists in this country',
  },
  upload_format_error: { 'zh-cn': '图片格式错误！', 'en-us': 'Image format error!' },
  upload_too_large: { 'zh-cn': '图片必须小于2MB！', 'en-us': 'Image must smaller than 2MB!' },
  upload_error: { 'zh-cn': '上传失败', 'en-us': 'upload error' },
});
