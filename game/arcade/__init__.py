"""The pygame side of the project: scenes, drawing and headless previews."""
